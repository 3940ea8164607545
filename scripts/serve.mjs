/* global Headers, Request, Response, Buffer, setTimeout, clearTimeout */
// The production server: Next's request handler behind node:http, with the lead endpoint answered
// directly by the handler the App Router route uses (site/server/leads/lead-endpoint.ts), taken
// from the built instrumentation module (see `serverHooks` in instrumentation.ts for why). HTML
// pages leave with a Content-Security-Policy naming their inline scripts' hashes (csp-html.mjs).
// `npm start`, the browser tests, the lead integration tests and `npm run bench:leads` all serve
// through here. Run alone: `node scripts/serve.mjs --port 3000 --hostname 127.0.0.1`.
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { clientAddress, trustedProxyHops } from './client-address.mjs';
import { withPagePolicy } from './csp-html.mjs';

const leadPath = /^\/api\/leads\/([^/]+)$/;

/**
 * The handler for a request the fast path answers, or undefined to leave it to Next.
 * `extraRoutes` (POST, by exact path) are routes a caller such as the lead benchmark adds to
 * its own server; the site has none.
 */
function fastHandler(postLead, extraRoutes, req) {
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
  return (request) => postLead(request, flowId);
}

/**
 * Replaces X-Forwarded-For with the one address the proxy trust yields (client-address.mjs), so
 * Next's routes and the lead endpoint read the visitor, never what a visitor claims to be.
 */
function settleClientAddress(req, hops) {
  const forwarded = req.headers['x-forwarded-for'];
  const chain = Array.isArray(forwarded) ? forwarded.join(',') : forwarded;
  const address = clientAddress(req.socket.remoteAddress, chain, hops) ?? req.socket.remoteAddress;
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
  handler(toRequest(req, origin))
    .then((response) => send(res, response))
    .catch((error) => {
      // The route handlers catch their own faults; this is a fault of the glue above.
      console.error('[serve] request failed:', error);
      if (res.headersSent) return void res.destroy();
      res.writeHead(500, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          errors: [{ field: 'request', message: 'The form could not be saved; please try again' }],
        }),
      );
    });
}

/**
 * The hooks of the instrumentation module Next has registered (the lead handler, the pages'
 * policy, the flow watcher's start). Next loads `<distDir>/server/instrumentation.js` with Node's require() and calls its
 * register(); requiring the same file returns that same instance, whose worker is running.
 */
async function serverHooksOf(distDir) {
  const file = path.join(process.cwd(), distDir, 'server', 'instrumentation.js');
  const pending = createRequire(import.meta.url)(file).serverHooks?.();
  const missing = `${file} has no registered server hooks: is it a build of this site?`;
  if (!pending) throw new Error(missing);
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${missing} (none after 60 s)`)), 60_000);
  });
  try {
    const hooks = await Promise.race([pending, late]);
    if (typeof hooks?.postLead !== 'function') throw new Error(missing);
    return hooks;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * In the container image (Next's standalone output) there is no next.config.ts to load: the
 * configuration the build resolved is handed to Next from the build, the way Next's own
 * standalone server.js does it (before Next is loaded).
 */
function useStandaloneConfig(distDir) {
  const file = path.join(process.cwd(), distDir, 'required-server-files.json');
  if (existsSync(path.join(process.cwd(), 'next.config.ts')) || !existsSync(file)) return;
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(
    JSON.parse(readFileSync(file, 'utf8')).config,
  );
}

export async function serve({ port, hostname, extraRoutes = {} }) {
  // Set before Next (and React) load: both pick their production code from it.
  process.env.NODE_ENV = 'production';
  const hops = trustedProxyHops(process.env.TRUST_PROXY_HOPS);
  const distDir = process.env.NEXT_DIST_DIR || '.next';
  useStandaloneConfig(distDir);
  const { default: next } = await import('next');
  const app = next({ dev: false, dir: process.cwd(), hostname, port });
  await app.prepare(); // runs instrumentation.ts: the lead worker starts
  const handle = app.getRequestHandler();
  const { postLead, pagePolicy, listening } = await serverHooksOf(distDir);
  // Without a hostname Node listens on every interface, IPv6 and IPv4, as `next start` does.
  const origin = `http://${hostname ?? 'localhost'}:${port}`;
  const server = createServer((req, res) => {
    settleClientAddress(req, hops);
    const handler = fastHandler(postLead, extraRoutes, req);
    if (handler) return serveFast(handler, req, res, origin);
    withPagePolicy(req, res, pagePolicy);
    void handle(req, res);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, resolve);
  });
  console.log(`Ready on ${origin}`);
  // Published flow versions reach this instance's pages through its own revalidation route.
  listening(origin);
  const shutdown = () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
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
