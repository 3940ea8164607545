// Next calls register() once per server process, whatever runs it (`npm start`, `next start`,
// `next dev`, the standalone server.js, the container): the site's runtime starts here — the
// delivery worker and the flow watcher (site/server/runtime/site-runtime.ts; while Next builds it
// starts nothing). NEXT_RUNTIME is a build-time constant Next substitutes per bundle, not
// configuration: the check lets the edge bundle drop the Node-only runtime (database drivers, fs).
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    // Before any request: how this host's X-Forwarded-For is to be read.
    const { noteClientAddressHost } = await import('./site/server/http/client-ip');
    noteClientAddressHost();
    const { startSiteRuntime } = await import('./site/server/runtime/site-runtime');
    startSiteRuntime();
  }
}
