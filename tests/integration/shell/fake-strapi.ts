/**
 * A small Strapi v4 stand-in on loopback: the two navigation endpoints the header calls,
 * bearer-token checks with Strapi's error body, and switchable failure modes.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeStrapiMode = 'ok' | 'server-error' | 'slow' | 'malformed';

export interface RecordedRequest {
  path: string;
  authorization: string | undefined;
  format: string | undefined;
}

const navEntry = (id: number, name: string, url: string, children: unknown[] = []) => ({
  id,
  attributes: {
    name,
    base_url: {
      id,
      name,
      url,
      slug: url.split('/').pop(),
      searchId: null,
      template: { name: 'page', identifier: 'page' },
    },
    navChildItems: children,
    createdAt: '2023-01-01T00:00:00.000Z',
    updatedAt: '2023-01-01T00:00:00.000Z',
    publishedAt: '2023-01-01T00:00:00.000Z',
  },
});

export const strapiNavigation = {
  data: {
    id: 1,
    attributes: {
      navigations: {
        data: [
          navEntry(1, 'Advisory', 'https://cms.example.com/advisory', [
            { id: 11, name: 'Capital Strategy', url: '/advisory/capital-strategy' },
            {
              id: 12,
              name: 'Deal Desk',
              base_url: { url: 'advisory/deal-desk' },
              navChildItems: [
                { id: 121, name: 'Term Sheets', url: '/advisory/deal-desk/term-sheets' },
              ],
            },
            { id: 13, name: 'Placeholder', url: '#' },
          ]),
          navEntry(2, 'Insights', '/insights'),
        ],
      },
      industries: {
        data: [
          {
            id: 1,
            attributes: {
              name: 'Tech',
              collections: [
                { id: 1, name: 'Quantum Computing', slug: 'quantum-computing' },
                { id: 2, name: 'Space & Satellites' },
              ],
            },
          },
        ],
      },
    },
  },
  meta: {},
};

export const strapiButtons = {
  data: [
    {
      id: 1,
      attributes: {
        navigationButton1Text: 'Talk to an advisor',
        navigationButton1Link: '/book-consult',
        navigationButton2Text: 'Get funded',
        NavigationButton2Link: 'https://cms.example.com/business-loan-application',
      },
    },
  ],
  meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } },
};

export async function startFakeStrapi(token: string) {
  let mode: FakeStrapiMode = 'ok';
  let slowMs = 2000;
  const requests: RecordedRequest[] = [];

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (status: number, name: string, message: string) => ({
    data: null,
    error: { status, name, message, details: {} },
  });

  const server: Server = createServer((req: IncomingMessage, res) => {
    requests.push({
      path: req.url ?? '',
      authorization: req.headers.authorization,
      format: req.headers['strapi-response-format'] as string | undefined,
    });
    if (req.headers.authorization !== `Bearer ${token}`) {
      send(res, 401, error(401, 'UnauthorizedError', 'Missing or invalid credentials'));
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const body =
      url.pathname === '/api/desktop-navigation-main'
        ? strapiNavigation
        : url.pathname === '/api/navigation-bars'
          ? strapiButtons
          : undefined;
    if (!body) return send(res, 404, error(404, 'NotFoundError', 'Not Found'));
    if (mode === 'server-error')
      return send(res, 500, error(500, 'InternalServerError', 'Internal Server Error'));
    if (mode === 'malformed') return send(res, 200, { data: [], meta: {} });
    if (mode === 'slow') {
      const timer = setTimeout(() => send(res, 200, body), slowMs);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    send(res, 200, body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setMode(next: FakeStrapiMode, delayMs = 2000) {
      mode = next;
      slowMs = delayMs;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
