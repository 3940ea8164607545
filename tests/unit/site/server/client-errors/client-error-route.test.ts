import { afterEach, describe, expect, it, vi } from 'vitest';
import { POST } from '@/site/server/client-errors/client-error-route';
import { loggedLines } from '@/tests/unit/site/server/support/logged-lines';

const report = {
  digest: '2817334519',
  message: 'Cannot read properties of undefined (reading "steps")',
  path: '/contact-us',
  time: '2024-05-01T10:20:30.000Z',
};

// Each post comes from a new address unless told otherwise: one test's reports never count
// against another's limit.
let client = 0;
function post(body: unknown, headers: Record<string, string> = {}, from = `10.0.0.${++client}`) {
  return POST(
    new Request('http://site.test/api/client-errors', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': from,
        'user-agent': 'TestBrowser/1.0',
        ...headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

afterEach(() => vi.restoreAllMocks());

describe('POST /api/client-errors', () => {
  it('logs a report as one JSON line and answers 204', async () => {
    let status = 0;
    const lines = await loggedLines(async () => {
      status = (await post(report)).status;
    });
    expect(status).toBe(204);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith('\n')).toBe(true);
    expect(lines[0]!.trim().includes('\n')).toBe(false);
    expect(JSON.parse(lines[0]!)).toEqual({
      event: 'client-error',
      ...report,
      ua: 'TestBrowser/1.0',
    });
  });

  it('scrubs personal data from a message the browser did not scrub', async () => {
    const lines = await loggedLines(() =>
      post({
        ...report,
        message: 'No lead for jane@example.com (+1 310 555 0147) at https://site.test/x?q=jane',
      }),
    );
    expect(JSON.parse(lines[0]!)).toMatchObject({
      message: 'No lead for [email] ([number]) at https://site.test/x',
    });
  });

  it('accepts a report without a digest, and a beacon sent as text/plain', async () => {
    const { digest: _digest, ...withoutDigest } = report;
    expect((await post(withoutDigest, { 'content-type': 'text/plain;charset=UTF-8' })).status).toBe(
      204,
    );
  });

  it('answers 400 naming each field at fault, and logs nothing', async () => {
    let response: Response | undefined;
    const lines = await loggedLines(async () => {
      response = await post({
        digest: 'has spaces',
        message: '',
        path: 'https://elsewhere.test/',
        time: 'yesterday',
      });
    });
    expect(response?.status).toBe(400);
    const body = (await response!.json()) as { errors: { field: string }[] };
    expect(body.errors.map((error) => error.field).sort()).toEqual([
      'digest',
      'message',
      'path',
      'time',
    ]);
    expect(lines).toEqual([]);
  });

  it('refuses a path outside the site and an overlong message', async () => {
    for (const path of ['//evil.test/x', '/search?search=jane', 'contact-us']) {
      expect((await post({ ...report, path })).status, path).toBe(400);
    }
    expect((await post({ ...report, message: 'x'.repeat(501) })).status).toBe(400);
  });

  it('answers 400 for malformed JSON and for JSON that is not an object', async () => {
    for (const body of ['{"message":', '[1,2]', 'null']) {
      const response = await post(body);
      expect(response.status, body).toBe(400);
      expect(await response.json()).toMatchObject({ errors: [{ field: 'body' }] });
    }
  });

  it('answers 413 for a body over 4 KiB and 415 for another content type', async () => {
    expect((await post({ ...report, padding: 'x'.repeat(5000) })).status).toBe(413);
    expect(
      (await post(report, { 'content-type': 'application/x-www-form-urlencoded' })).status,
    ).toBe(415);
  });

  it.each([
    ['another site’s Origin', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['a hidden Origin (null)', { origin: 'null' }],
  ])('refuses a report sent with %s: 403, and logs nothing', async (_label, headers) => {
    let response: Response | undefined;
    const lines = await loggedLines(async () => {
      response = await post(report, headers);
    });
    expect(response?.status).toBe(403);
    expect(await response!.json()).toEqual({
      errors: [{ field: 'origin', message: 'Error reports are taken from this site only' }],
    });
    expect(lines).toEqual([]);
  });

  it('accepts a report from a page of this site', async () => {
    let status = 0;
    const lines = await loggedLines(async () => {
      status = (await post(report, { origin: 'http://site.test', 'sec-fetch-site': 'same-origin' }))
        .status;
    });
    expect(status).toBe(204);
    expect(lines).toHaveLength(1);
  });

  it('answers 429 with Retry-After once a client sends more than 10 reports a minute', async () => {
    const from = '10.9.9.9';
    const statuses: number[] = [];
    await loggedLines(async () => {
      for (let i = 0; i < 11; i++) statuses.push((await post(report, {}, from)).status);
    });
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(204));
    expect(statuses[10]).toBe(429);
    const limited = await post(report, {}, from);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client is not limited by this one.
    expect((await post(report)).status).toBe(204);
  });
});
