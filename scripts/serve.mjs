/* global Headers, Request, Response, Buffer, setTimeout, clearTimeout, setInterval, clearInterval */
// The production server (`npm start`): Next's documented custom server (`next()`,
// `prepare()`, `getRequestHandler()`) behind node:http, with two additions of the site's own:
// - `POST /api/leads/{flowId}` is answered ahead of Next's router by the runtime's lead endpoint
//   (the same one the App Router route calls; site/server/runtime/site-runtime.ts), reached
//   through the runtime's process handle: Next's request pipeline costs 1.3-1.8 ms of CPU per
//   request on a 2-core machine, more than validating and committing a lead;
// - HTML pages leave with a Content-Security-Policy naming their inline scripts' hashes
//   (csp-html.mjs); other hosts send the host-only policy next.config.ts sets;
// - every response carries Strict-Transport-Security when the server runs with an https
//   SITE_URL (site/http/transport-security.ts), whatever SITE_URL the site was built with.
// It claims its port before anything else (a port already taken ends it at once, with one line
// and a non-zero status), and on SIGTERM or SIGINT it drains: no new requests, the ones under
// way (leads among them) answered, the delivery worker's pass finished, exit within 10 s.
// `npm start`, the browser tests, the lead integration tests and `npm run bench:leads` serve
// through here. Run alone: `node scripts/serve.mjs --port 3000 --hostname 127.0.0.1`.
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runtimeSlot } from '../site/server/runtime/process-handle.mjs';
import { canonicalAddress, clientAddress, proxyTrust } from './client-address.mjs';
import { withPagePolicy } from './csp-html.mjs';

const leadPath = /^\/api\/leads\/([^/]+)$/;
/** How long a drain may take before the process exits regardless (orchestrators wait ~10 s). */
const DRAIN_LIMIT_MS = 9_500;
/** Of which the delivery worker gets, to finish the pass under way. */
const WORKER_GRACE_MS = 6_000;

/**
 * Whether the address's path can be read: Next answers one whose %-escapes are not UTF-8 (`/%E9`,
 * or a lone surrogate's bytes) with a bare 500, before any route of the site runs.
 */
function readablePath(url) {
  const query = url.indexOf('?');
  try {
    decodeURIComponent(query === -1 ? url : url.slice(0, query));
    return true;
  } catch {
    return false;
  }
}

/**
 * The handler for a request the fast path answers, or undefined to leave it to Next.
 * `extraRoutes` (POST, by exact path) are routes a caller such as the lead benchmark adds to
 * its own server; the site has none.
 */
function fastHandler(runtime, extraRoutes, req) {
  if (req.method !== 'POST') return undefined;
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  const pathname = query === -1 ? url : url.slice(0, query);
  const extra = extraRoutes[pathname];
  if (extra) return extra;
  const match = leadPath.exec(pathname);
  if (!match) return undefined;
  let flowId;
  try {
    flowId = decodeURIComponent(match[1]);
  } catch {
    // Next would answer a malformed escape with a bare 500.
    return () =>
      Promise.resolve(
        Response.json(
          { errors: [{ field: 'flowId', message: 'The form name in the address is not valid' }] },
          { status: 400 },
        ),
      );
  }
  return (request) => runtime.postLead(request, flowId);
}

/**
 * Replaces X-Forwarded-For with the one address the proxy trust yields (client-address.mjs: the
 * connection's unless TRUST_PROXY or TRUST_PROXY_HOPS names proxies in front), so Next's routes
 * and the lead endpoint read the visitor, never what a visitor claims to be.
 */
function settleClientAddress(req, trust) {
  const forwarded = req.headers['x-forwarded-for'];
  const chain = Array.isArray(forwarded) ? forwarded.join(',') : forwarded;
  const socket = req.socket.remoteAddress;
  const address = clientAddress(socket, chain, trust) ?? canonicalAddress(socket);
  if (address) req.headers['x-forwarded-for'] = address;
  else delete req.headers['x-forwarded-for'];
}

/** The node request as a fetch Request, its client address settled by settleClientAddress. */
function toRequest(req, origin) {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i].toLowerCase() === 'x-forwarded-for') continue;
    headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  }
  const address = req.headers['x-forwarded-for'];
  if (address) headers.set('x-forwarded-for', address);
  // The body streams: the handler stops reading (and answers 413) past its size limit.
  return new Request(origin + req.url, { method: 'POST', headers, body: req, duplex: 'half' });
}

async function send(res, response) {
  const body = Buffer.from(await response.arrayBuffer());
  const headers = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  headers['content-length'] = String(body.byteLength);
  res.writeHead(response.status, headers).end(body);
}

function serveFast(handler, req, res, origin) {
  return handler(toRequest(req, origin))
    .then((response) => send(res, response))
    .catch((error) => {
      // The route handlers catch their own faults; this is a fault of the glue above.
      console.error('[serve] request failed:', error);
      if (res.headersSent) return void res.destroy();
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '5' }).end(
        JSON.stringify({
          errors: [{ field: 'request', message: 'The form could not be saved; please try again' }],
        }),
      );
    });
}

/**
 * Listens on the port, or ends the process with one line saying why (taken, not allowed): a
 * server that cannot serve must not linger in the background.
 */
function claimPort(server, port, hostname) {
  return new Promise((resolve) => {
    server.once('error', (error) => {
      const where = `${hostname ?? '*'}:${port}`;
      const reason =
        error.code === 'EADDRINUSE'
          ? `port ${port} is already in use`
          : error.code === 'EACCES'
            ? `port ${port} needs privileges this process does not have`
            : error.message;
      console.error(`Cannot listen on ${where}: ${reason}.`);
      process.exit(1);
    });
    server.listen(port, hostname, resolve);
  });
}

/**
 * The site's runtime, once Next has started it: Next runs instrumentation.ts as it builds its
 * server, without waiting for it (loading the runtime's modules, database drivers included,
 * takes a moment).
 */
async function startedRuntime() {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new Error('No site runtime after 60 s: is this a build of this site?')),
      60_000,
    );
  });
  try {
    return await Promise.race([runtimeSlot().ready, late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function serve({ port, hostname, extraRoutes = {} }) {
  // Set before Next (and React) load: both pick their production code from it.
  process.env.NODE_ENV = 'production';
  let trust;
  try {
    trust = proxyTrust(process.env);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  // Next's routes read the address settled here (site/server/http/client-ip.ts).
  runtimeSlot().clientAddresses = 'settled';
  // Without a hostname Node listens on every interface, IPv6 and IPv4, as `next start` does.
  const origin = `http://${hostname ?? 'localhost'}:${port}`;

  let route;
  let markReady;
  const ready = new Promise((resolve) => (markReady = resolve));
  let draining = false;
  const server = createServer((req, res) => {
    if (draining) {
      res.writeHead(503, { connection: 'close', 'retry-after': '5' }).end();
      return;
    }
    // Requests that arrive while Next prepares wait for it.
    if (route) route(req, res);
    else void ready.then(() => route(req, res));
  });
  await claimPort(server, port, hostname);

  const { default: next } = await import('next');
  const app = next({ dev: false, dir: process.cwd(), hostname, port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const runtime = await startedRuntime();
  const transportSecurity = runtime.transportSecurity();
  route = (req, res) => {
    settleClientAddress(req, trust);
    for (const { key, value } of transportSecurity) res.setHeader(key, value);
    const handler = fastHandler(runtime, extraRoutes, req);
    if (handler) return void serveFast(handler, req, res, origin);
    if (!readablePath(req.url ?? '/')) {
      res.writeHead(400, {
        'content-type': 'text/plain; charset=utf-8',
        'cache-control': 'no-store',
      });
      res.end('The address is not valid: its %-escapes are not UTF-8.\n');
      return;
    }
    withPagePolicy(req, res, (hashes) => runtime.pagePolicy(hashes));
    void handle(req, res);
  };
  markReady();
  console.log(`Ready on ${origin}`);

  const drain = async (signal) => {
    if (draining) return;
    draining = true;
    console.log(`[serve] ${signal}: answering the requests under way, then stopping`);
    setTimeout(() => {
      console.error(`[serve] still busy after ${DRAIN_LIMIT_MS} ms; exiting now`);
      process.exit(1);
    }, DRAIN_LIMIT_MS).unref();
    // Closed once every connection is: each busy one ends after its answer, when it turns idle.
    const closed = new Promise((resolve) => server.close(resolve));
    const idle = setInterval(() => server.closeIdleConnections(), 50);
    server.closeIdleConnections();
    await closed;
    clearInterval(idle);
    await runtime.stop(WORKER_GRACE_MS);
    process.exit(0);
  };
  process.once('SIGTERM', () => void drain('SIGTERM'));
  process.once('SIGINT', () => void drain('SIGINT'));
  return server;
}

function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : process.argv[index + 1];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await serve({
    port: Number(option('port', process.env.PORT || '3000')),
    hostname: option('hostname', undefined),
  });
}
