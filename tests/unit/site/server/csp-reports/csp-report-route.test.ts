/**
 * `POST /api/csp-reports` logs each violation a browser reports, in either format browsers send
 * (`report-uri`: application/csp-report; `report-to`: application/reports+json), as one JSON
 * line on stderr; it refuses forged cross-site reports, floods, large bodies and other types.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { POST } from '@/site/server/csp-reports/csp-report-route';
import { loggedLines } from '@/tests/unit/site/server/support/logged-lines';

// What Chromium sends to `report-uri` for a script the policy blocked.
const legacy = {
  'csp-report': {
    'document-uri': 'https://site.test/search?q=jane%40example.com',
    referrer: '',
    'violated-directive': 'script-src-elem',
    'effective-directive': 'script-src-elem',
    'original-policy': "default-src 'self'; script-src 'self'; report-uri /api/csp-reports",
    disposition: 'enforce',
    'blocked-uri': 'https://cdn.widgets.example/second.js?portal=1234567890',
    'line-number': 12,
    'column-number': 34,
    'source-file': 'https://tags.example/tm.js',
    'status-code': 200,
    'script-sample': '',
  },
};

// What Chromium sends to the `report-to` endpoint: a batch, here a frame and a non-CSP report.
const batch = [
  {
    type: 'csp-violation',
    age: 2000,
    url: 'https://site.test/contact-us',
    user_agent: 'Chromium',
    body: {
      documentURL: 'https://site.test/contact-us',
      referrer: '',
      blockedURL: 'https://frames.widgets.example/frame.html',
      effectiveDirective: 'frame-src',
      originalPolicy: "frame-src 'none'",
      sourceFile: 'https://tags.example/tm.js',
      sample: '',
      disposition: 'report',
      statusCode: 200,
      lineNumber: 3,
      columnNumber: 9,
    },
  },
  { type: 'deprecation', age: 0, url: 'https://site.test/', body: { id: 'X', message: 'old' } },
];

let client = 0;
function post(
  body: unknown,
  type = 'application/csp-report',
  headers: Record<string, string> = {},
  from = `10.1.0.${++client}`,
) {
  return POST(
    new Request('http://site.test/api/csp-reports', {
      method: 'POST',
      headers: {
        'content-type': type,
        'x-forwarded-for': from,
        'user-agent': 'TestBrowser/1.0',
        ...headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

afterEach(() => vi.restoreAllMocks());

describe('POST /api/csp-reports', () => {
  it('logs a report-uri report as one JSON line, addresses without their queries', async () => {
    let status = 0;
    const before = Date.now();
    const lines = await loggedLines(async () => {
      status = (await post(legacy)).status;
    });
    expect(status).toBe(204);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith('\n')).toBe(true);
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toEqual({
      event: 'csp-violation',
      time: expect.any(String) as unknown,
      documentURL: 'https://site.test/search',
      blockedURL: 'https://cdn.widgets.example/second.js',
      effectiveDirective: 'script-src-elem',
      disposition: 'enforce',
      sourceFile: 'https://tags.example/tm.js',
      lineNumber: 12,
      columnNumber: 34,
      statusCode: 200,
      ua: 'TestBrowser/1.0',
    });
    expect(Date.parse(String(line.time))).toBeGreaterThanOrEqual(before - 1);
  });

  it('logs the CSP reports of a Reporting API batch, dated by their age, and skips the rest', async () => {
    const lines = await loggedLines(() => post(batch, 'application/reports+json'));
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({
      event: 'csp-violation',
      documentURL: 'https://site.test/contact-us',
      blockedURL: 'https://frames.widgets.example/frame.html',
      effectiveDirective: 'frame-src',
      disposition: 'report',
      sourceFile: 'https://tags.example/tm.js',
      lineNumber: 3,
    });
    expect(Date.now() - Date.parse(String(line.time))).toBeGreaterThanOrEqual(1900);
    expect(line).not.toHaveProperty('originalPolicy');
  });

  it('reads the directive from violated-directive when a browser names no effective one', async () => {
    const { 'effective-directive': _effective, ...old } = legacy['csp-report'];
    const lines = await loggedLines(() =>
      post(
        { 'csp-report': { ...old, 'violated-directive': "img-src 'self'" } },
        'application/json',
      ),
    );
    expect(JSON.parse(lines[0]!)).toMatchObject({ effectiveDirective: 'img-src' });
  });

  it('logs at most 10 violations of one batch', async () => {
    const many = Array.from({ length: 25 }, () => batch[0]);
    const lines = await loggedLines(() => post(many, 'application/reports+json'));
    expect(lines).toHaveLength(10);
  });

  it('answers 400 for what is not a report, and logs nothing', async () => {
    for (const body of ['{"csp-report":', '{"hello":1}', '42']) {
      let response: Response | undefined;
      const lines = await loggedLines(async () => {
        response = await post(body);
      });
      expect(response?.status, body).toBe(400);
      expect(await response!.json()).toMatchObject({ errors: [{ field: 'body' }] });
      expect(lines).toEqual([]);
    }
  });

  it('answers 413 past 16 KiB and 415 for another content type', async () => {
    const padded = {
      'csp-report': { ...legacy['csp-report'], 'original-policy': 'x'.repeat(17 * 1024) },
    };
    expect((await post(padded)).status).toBe(413);
    expect((await post(legacy, 'text/plain')).status).toBe(415);
  });

  it('takes reports from pages of this site, with or without Origin', async () => {
    const lines = await loggedLines(async () => {
      expect(
        (
          await post(legacy, undefined, {
            origin: 'http://site.test',
            'sec-fetch-site': 'same-origin',
          })
        ).status,
      ).toBe(204);
      expect((await post(legacy, undefined, { 'sec-fetch-site': 'same-origin' })).status).toBe(204);
    });
    expect(lines).toHaveLength(2);
  });

  it.each([
    ['another site’s Origin', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses a report sent with %s: 403, and logs nothing', async (_label, headers) => {
    let response: Response | undefined;
    const lines = await loggedLines(async () => {
      response = await post(legacy, undefined, headers);
    });
    expect(response?.status).toBe(403);
    expect(lines).toEqual([]);
  });

  it('answers 429 with Retry-After once a client sends more than 60 reports a minute', async () => {
    const from = '10.9.8.7';
    const statuses: number[] = [];
    await loggedLines(async () => {
      for (let i = 0; i < 61; i++) statuses.push((await post(legacy, undefined, {}, from)).status);
    });
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(204));
    expect(statuses[60]).toBe(429);
    const limited = await post(legacy, undefined, {}, from);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client is not limited by this one.
    expect((await loggedLines(() => post(legacy))).length).toBe(1);
  });
});
