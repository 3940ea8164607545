// Next calls register() once per server process: the lead delivery worker starts here, and the
// lead endpoint is handed to the production server's fast path (site/server/fast-routes.ts).
// NEXT_RUNTIME is a build-time constant Next substitutes per bundle, not configuration: the
// check lets the edge bundle drop the Node-only worker (better-sqlite3, fs).
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { startLeadWorker } = await import('./site/server/leads/start-lead-worker');
    startLeadWorker();
    const { publishFastRoutes } = await import('./site/server/fast-routes');
    const { POST: lead } = await import('./site/server/leads/lead-route');
    const { POST: echo } = await import('./site/server/leads/bench-echo-route');
    publishFastRoutes({
      lead: (request, flowId) => lead(request, { params: Promise.resolve({ flowId }) }),
      echo,
    });
  }
}
