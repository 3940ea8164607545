// Next calls register() once per server process: the lead delivery worker starts here.
// NEXT_RUNTIME is a build-time constant Next substitutes per bundle, not configuration: the
// check lets the edge bundle drop the Node-only worker (better-sqlite3, fs).
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { startLeadWorker } = await import('./site/server/leads/start-lead-worker');
    startLeadWorker();
  }
}
