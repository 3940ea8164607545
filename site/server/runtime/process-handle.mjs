// The one process-wide handle of the site's runtime (site/server/runtime/site-runtime.ts).
//
// Next loads the app as more than one module instance per process: instrumentation.ts, the App
// Router's routes and pages, and the cache handler (page-cache-handler.mjs, loaded by path) each
// get their own copy of every module they import. A module variable would therefore hold one
// database pool, one delivery worker, one flow catalogue per copy. The runtime is kept here
// instead, in one slot on `globalThis` under a registered symbol: whichever copy asks first
// creates the runtime, and every copy (and the production server, scripts/serve.mjs) gets that
// same object. Nothing else in the site keeps state on `globalThis`.
//
// Plain JavaScript, so scripts/serve.mjs and the cache handler, which Node loads as they are,
// share this file with the bundles.

const KEY = Symbol.for('firm-site.runtime');

/**
 * The slot: `runtime`, undefined until the first caller creates it and hands it to `publish`;
 * `ready` resolves with it then (the production server waits on it: Next starts
 * instrumentation.ts when it builds its server, without waiting for it). `clientAddresses`: who
 * wrote the X-Forwarded-For the site reads (site/server/http/client-ip.ts).
 */
export function runtimeSlot() {
  if (!globalThis[KEY]) {
    let resolve;
    const ready = new Promise((done) => (resolve = done));
    globalThis[KEY] = {
      runtime: undefined,
      ready,
      clientAddresses: undefined,
      publish(runtime) {
        this.runtime ??= runtime;
        resolve(this.runtime);
        return this.runtime;
      },
    };
  }
  return globalThis[KEY];
}
