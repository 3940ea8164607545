import { createServer, type IncomingMessage } from 'node:http';

export interface Reply {
  status: number;
  body?: unknown;
}

export interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
}

/**
 * A small HTTP API on 127.0.0.1: `POST /reply` style routes answer whatever the test put
 * in `routes`, with CORS headers so a jsdom page on another origin may read them.
 */
export async function startLoopbackApi(routes: Record<string, Reply>) {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    const origin = request.headers.origin ?? '*';
    response.setHeader('access-control-allow-origin', origin);
    response.setHeader('access-control-allow-credentials', 'true');
    response.setHeader(
      'access-control-allow-headers',
      'content-type, authorization, x-requested-with',
    );
    response.setHeader('access-control-allow-methods', 'GET, POST');
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
    const reply = routes[request.url ?? ''] ?? { status: 404, body: { message: 'no route' } };
    response.writeHead(reply.status, { 'content-type': 'application/json' });
    response.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** jsdom has no `matchMedia`; the toaster asks it for the reduced-motion preference. */
export function installMatchMedia(): void {
  if (typeof window.matchMedia === 'function') return;
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
