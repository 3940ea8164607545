/**
 * A fake Strapi v4 on loopback for the page-like collections (`/api/pages`, `/api/insights`,
 * `/api/media-mentions`, `/api/reviews`). It checks the bearer token, paginates with
 * `pagination[page]`/`pagination[pageSize]` and answers `{data:[{id, attributes}], meta:
 * {pagination}}`; on demand it answers Strapi's error shape (`{data:null, error:{…}}`), is
 * slow, or closes the connection. It records every request path.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What real Strapi 4 answers for every field an editor left empty: `null` for a scalar, `[]`
 * for a repeatable component, `{data: []}` for a to-many relation. Every attribute of the
 * content type is present in its answer, set or not. tests/strapi-it checks this against a
 * real Strapi's answer (npm run test:strapi).
 */
export const emptyPageFields = {
  promise: null,
  overview: null,
  audience: [],
  deliverables: [],
  process: [],
  timeline: null,
  clientProvides: [],
  eligibility: [],
  terms: [],
  legalNote: null,
  faq: [],
  related: { data: [] },
  forms: [],
  createdAt: '2024-01-10T09:00:00.000Z',
  updatedAt: '2024-01-11T09:00:00.000Z',
  publishedAt: '2024-01-11T09:00:00.000Z',
};

export type Mode =
  | { kind: 'ok' }
  | { kind: 'error'; status: number }
  | { kind: 'slow'; delayMs: number }
  | { kind: 'drop' }
  | { kind: 'not-json' };

export interface FakeStrapi {
  url: string;
  requests: string[];
  /** Attributes per collection name (`pages`, `insights` …); ids are assigned in order. */
  collections: Record<string, Record<string, unknown>[]>;
  setMode(mode: Mode): void;
  close(): Promise<void>;
}

export async function startFakeStrapi(token: string): Promise<FakeStrapi> {
  let mode: Mode = { kind: 'ok' };
  const requests: string[] = [];
  const collections: Record<string, Record<string, unknown>[]> = {};
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push(`${url.pathname}${url.search}`);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const error = (status: number, name: string, message: string) =>
      send(status, { data: null, error: { status, name, message, details: {} } });
    if (request.headers.authorization !== `Bearer ${token}`)
      return error(401, 'UnauthorizedError', 'Missing or invalid credentials');
    if (mode.kind === 'drop') return request.socket.destroy();
    if (mode.kind === 'error')
      return error(mode.status, 'InternalServerError', 'Internal Server Error');
    if (mode.kind === 'not-json') {
      response.writeHead(200, { 'content-type': 'text/html' });
      return response.end('<html>maintenance</html>');
    }
    const name = url.pathname.replace(/^\/api\//, '');
    const entries = collections[name];
    if (!entries) return error(404, 'NotFoundError', 'Not Found');
    const page = Number(url.searchParams.get('pagination[page]') ?? 1);
    const pageSize = Number(url.searchParams.get('pagination[pageSize]') ?? 25);
    const slice = entries.slice((page - 1) * pageSize, page * pageSize);
    const body = {
      data: slice.map((attributes, index) => ({
        id: (page - 1) * pageSize + index + 1,
        attributes,
      })),
      meta: {
        pagination: {
          page,
          pageSize,
          pageCount: Math.max(1, Math.ceil(entries.length / pageSize)),
          total: entries.length,
        },
      },
    };
    if (mode.kind === 'slow') setTimeout(() => send(200, body), mode.delayMs);
    else send(200, body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    collections,
    setMode(next) {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
