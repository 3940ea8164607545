import { createServer } from 'node:http';
import type { AuthApi } from '@/site/server/auth/auth-api';

/**
 * Serves a real account API on 127.0.0.1 the way the route files do: Node request →
 * web Request → handler → response. A handler that throws answers 500, as Next does.
 */
export async function serveAuthApi(api: AuthApi) {
  const routes: Record<string, (request: Request) => Promise<Response>> = {
    'POST /auth/login': (request) => api.login(request),
    'POST /auth/logout': (request) => api.logout(request),
    'GET /auth/user': (request) => api.user(request),
    'POST /auth/register': (request) => api.register(request),
    'POST /auth/verify': (request) => api.verify(request),
    'POST /auth/resend-verification': (request) => api.resendVerification(request),
  };
  const server = createServer((incoming, outgoing) => {
    // The jsdom page lives on another origin: allow it, with credentials (cookies).
    outgoing.setHeader('access-control-allow-origin', incoming.headers.origin ?? '*');
    outgoing.setHeader('access-control-allow-credentials', 'true');
    outgoing.setHeader('access-control-allow-headers', 'content-type');
    if (incoming.method === 'OPTIONS') {
      outgoing.writeHead(204).end();
      return;
    }
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', `http://${incoming.headers.host}`);
      const handler = routes[`${incoming.method} ${url.pathname}`];
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (typeof value === 'string') headers.set(name, value);
      }
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      const request = new Request(url, { method: incoming.method, headers, body });
      Promise.resolve()
        .then(() => (handler ? handler(request) : new Response('not found', { status: 404 })))
        .then(async (response) => {
          outgoing.writeHead(response.status, Object.fromEntries(response.headers));
          outgoing.end(Buffer.from(await response.arrayBuffer()));
        })
        .catch(() => outgoing.writeHead(500).end('Internal Server Error'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
