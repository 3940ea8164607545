/**
 * The production server's page policy (scripts/csp-html.mjs) over a real node:http server, with
 * Next's own compression middleware behind it as Next's router runs it: which responses get the
 * hash-based policy is decided by their Content-Type, never the request's Accept; answers with no
 * page (304, HEAD) carry no policy; anything else is left to Next, compressed.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPagePolicy } from '@/scripts/csp-html.mjs';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
// The middleware Next's router-server applies to every response (`compress` in next.config).
const compression = createRequire(import.meta.url)(
  'next/dist/compiled/compression',
) as () => Middleware;

const script = 'self.__next_f=self.__next_f||[];';
const page = `<!DOCTYPE html><html><head><script>${script}</script></head><body>${'<p>text</p>'.repeat(200)}</body></html>`;
const asset = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const sha = createHash('sha256').update(script, 'utf8').digest('base64');
const BUILD_POLICY = "script-src 'self' 'unsafe-inline'";

/** Next's part, reduced: the build's headers on everything, then a page, an asset or a 304. */
function next(req: IncomingMessage, res: ServerResponse) {
  res.setHeader('Content-Security-Policy', BUILD_POLICY);
  res.setHeader('ETag', '"v1"');
  if (req.url === '/_next/static/asset.js') {
    res.setHeader('Content-Type', 'application/javascript; charset=utf-8');
    return void res.end(asset);
  }
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  if (req.headers['if-none-match'] === '"v1"') {
    res.statusCode = 304;
    return void res.end();
  }
  if (req.method === 'HEAD') return void res.end();
  res.write(page.slice(0, 100));
  res.end(page.slice(100));
}

let server: Server;
let origin: string;

beforeAll(async () => {
  const compress = compression();
  server = createServer((req, res) => {
    withPagePolicy(req, res, (hashes) => [
      { key: 'Content-Security-Policy', value: `script-src 'self' 'sha256-${hashes.join(' ')}'` },
    ]);
    compress(req, res, () => undefined);
    next(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const accepts = ['text/html,*/*;q=0.8', 'text/html', '*/*', 'application/json', undefined];

describe('the page policy of the production server', () => {
  it("sends a page its hashes' policy whatever it accepts, gzipped when asked", async () => {
    for (const accept of accepts) {
      const response = await fetch(`${origin}/`, {
        headers: { 'accept-encoding': 'gzip', ...(accept ? { accept } : {}) },
      });
      expect(response.headers.get('content-security-policy'), accept).toBe(
        `script-src 'self' 'sha256-${sha}'`,
      );
      expect(response.headers.get('content-encoding'), accept).toBe('gzip');
      expect(await response.text(), accept).toBe(page);
    }
  });

  it('sends no policy with a 304 or a HEAD answer', async () => {
    const revalidated = await fetch(`${origin}/`, { headers: { 'if-none-match': '"v1"' } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('content-security-policy')).toBeNull();
    const head = await fetch(`${origin}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-security-policy')).toBeNull();
  });

  it("leaves Next's own files to Next, compressed by its middleware", async () => {
    for (const accept of accepts) {
      const response = await fetch(`${origin}/_next/static/asset.js`, {
        headers: { 'accept-encoding': 'gzip', ...(accept ? { accept } : {}) },
      });
      expect(response.headers.get('content-security-policy'), accept).toBe(BUILD_POLICY);
      expect(response.headers.get('content-encoding'), accept).toBe('gzip');
      expect(await response.text(), accept).toBe(asset);
    }
  });
});
