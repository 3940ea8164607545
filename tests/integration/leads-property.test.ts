/**
 * Property: whatever is wrong with a submission — wrong types, missing or unknown answers,
 * values outside the flow's options, huge strings, broken JSON, wrong content types, files lying
 * about their type, a filled honeypot, an unknown flow — the answer is a 4xx naming a field and a
 * reason, never a 5xx, and nothing is stored.
 */
import { existsSync, readdirSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuild } from './support/leads-build';
import { readOutbox } from './support/outbox-reader';
import { dialects, serverDatabase } from './support/test-databases';
import { startLeadsServer, type LeadsServer } from './support/leads-server';
import { exeBytes, submittingPaths } from './support/sample-leads';

describe.each(dialects)('on %s', (dialect) => {
  let server: LeadsServer;
  const page = { uri: 'https://firm.example/', name: 'home' };

  beforeAll(async () => {
    await ensureBuild();
    server = await startLeadsServer({}, await serverDatabase(dialect));
  }, 600_000);

  afterAll(async () => {
    await server?.stop();
  });

  interface BadRequest {
    kind: string;
    flowId: string;
    contentType?: string;
    body: string | FormData;
  }

  const json = (kind: string, flowId: string, value: unknown): BadRequest => ({
    kind,
    flowId,
    contentType: 'application/json',
    body: JSON.stringify(value),
  });

  const clientAnswers = () => ({ ...submittingPaths('client')[0]!.answers });
  const notJson = fc.string({ maxLength: 200 }).filter((text) => {
    try {
      JSON.parse(text);
      return false;
    } catch {
      return true;
    }
  });
  const nonObject = fc.oneof(
    fc.string(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.anything()),
  );

  const badRequests: fc.Arbitrary<BadRequest> = fc.oneof(
    // wrong content type
    fc
      .record({
        type: fc.constantFrom(
          'text/plain',
          'application/xml',
          'application/x-www-form-urlencoded',
          'image/png',
          'json',
        ),
      })
      .map(({ type }) => ({
        kind: 'content-type',
        flowId: 'newsletter',
        contentType: type,
        body: JSON.stringify({ answers: { email: 'a@example.com' }, page }),
      })),
    // broken JSON
    notJson.map((text) => ({
      kind: 'broken-json',
      flowId: 'newsletter',
      contentType: 'application/json',
      body: text,
    })),
    // wrong types at the top level or in the answers
    nonObject.map((value) => json('body-type', 'newsletter', value)),
    nonObject.map((value) => json('answers-type', 'newsletter', { answers: value, page })),
    fc
      .anything()
      .filter((v) => typeof v !== 'object' || v === null)
      .map((value) =>
        json('page-type', 'newsletter', { answers: { email: 'a@example.com' }, page: value }),
      ),
    fc
      .oneof(fc.integer(), fc.constant(null), fc.object(), fc.array(fc.integer(), { minLength: 1 }))
      .map((value) => json('answer-type', 'newsletter', { answers: { email: value }, page })),
    // a required answer missing
    fc.nat().map((n) => {
      const answers: Record<string, unknown> = clientAnswers();
      const keys = Object.keys(answers);
      delete answers[keys[n % keys.length]!];
      return json('missing-answer', 'client', { answers, page });
    }),
    // an answer outside the flow's options, or one the flow does not ask
    fc
      .string({ minLength: 1, maxLength: 60 })
      .filter(
        (s) =>
          !['Start-up', 'Seeking Exit', 'In-Revenue', 'Acquisition', 'M&A', 'IPO & ICO'].includes(
            s,
          ),
      )
      .map((value) =>
        json('bad-option', 'client', { answers: { ...clientAnswers(), phase: value }, page }),
      ),
    fc
      .string({ minLength: 1, maxLength: 40 })
      .filter((key) => !(key in clientAnswers()) && key !== '__proto__')
      .map((key) =>
        json('unknown-answer', 'client', { answers: { ...clientAnswers(), [key]: 'x' }, page }),
      ),
    // invalid e-mails and names
    fc
      .string({ maxLength: 80 })
      .filter((s) => !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s.trim()))
      .map((email) => json('bad-email', 'newsletter', { answers: { email }, page })),
    // huge strings
    fc
      .integer({ min: 10_001, max: 400_000 })
      .map((n) =>
        json('huge', 'newsletter', { answers: { email: `${'a'.repeat(n)}@example.com` }, page }),
      ),
    // bad page context
    fc
      .string({ maxLength: 100 })
      .filter((s) => !/^https?:\/\//.test(s))
      .map((uri) =>
        json('bad-page', 'newsletter', {
          answers: { email: 'a@example.com' },
          page: { uri, name: 'home' },
        }),
      ),
    // a filled honeypot
    fc
      .string({ minLength: 1, maxLength: 50 })
      .map((website) =>
        json('honeypot', 'newsletter', { answers: { email: 'a@example.com' }, page, website }),
      ),
    // unknown flows
    fc
      .string({ minLength: 1, maxLength: 40 })
      .filter((id) => !/^[a-zA-Z]+$/.test(id) || id.length > 20)
      .map((id) => json('unknown-flow', `x-${encodeURIComponent(id)}`, { answers: {}, page })),
    // files lying about their type
    fc
      .oneof(
        fc
          .uint8Array({ minLength: 1, maxLength: 2048 })
          .filter((b) => b[0] !== 0xff && b[0] !== 0x25 && b[0] !== 0x89 && b[0] !== 0x50),
        fc.constant(exeBytes()),
      )
      .map((bytes) => {
        const answers: Record<string, unknown> = { ...submittingPaths('careers')[0]!.answers };
        delete answers.resume_document;
        const form = new FormData();
        form.set('answers', JSON.stringify(answers));
        form.set('page', JSON.stringify(page));
        form.set('resume_document', new Blob([bytes]), 'resume.pdf');
        return { kind: 'lying-file', flowId: 'careers', body: form };
      }),
    // multipart with broken parts
    notJson.map((text) => {
      const form = new FormData();
      form.set('answers', text);
      form.set('page', JSON.stringify(page));
      return { kind: 'broken-part', flowId: 'newsletter', body: form };
    }),
  );

  async function send(request: BadRequest) {
    const headers: Record<string, string> = {};
    if (request.contentType !== undefined) headers['content-type'] = request.contentType;
    const response = await fetch(`${server.url}/api/leads/${request.flowId}`, {
      method: 'POST',
      headers,
      body: request.body,
    });
    const body = (await response.json()) as { errors?: { field?: unknown; message?: unknown }[] };
    return { kind: request.kind, status: response.status, errors: body.errors ?? [] };
  }

  describe('lead endpoint under bad input (property, built server)', () => {
    it('answers every one of 1,200 generated bad requests with a 4xx and a reason, storing nothing', async () => {
      const seen = new Map<string, number>();
      let sent = 0;
      // Ten requests per run, sent together: 120 runs = 1,200 requests in reasonable time.
      await fc.assert(
        fc.asyncProperty(fc.array(badRequests, { minLength: 10, maxLength: 10 }), async (batch) => {
          const answers = await Promise.all(batch.map(send));
          sent += answers.length;
          for (const answer of answers) {
            seen.set(answer.kind, (seen.get(answer.kind) ?? 0) + 1);
            expect(answer.status, answer.kind).toBeGreaterThanOrEqual(400);
            expect(answer.status, answer.kind).toBeLessThan(500);
            expect(answer.errors.length, answer.kind).toBeGreaterThan(0);
            for (const error of answer.errors) {
              expect(typeof error.field).toBe('string');
              expect(typeof error.message === 'string' && error.message.length > 0).toBe(true);
            }
          }
        }),
        { numRuns: 120 },
      );
      expect(sent).toBeGreaterThanOrEqual(1200);
      expect(seen.size).toBeGreaterThanOrEqual(14);
      expect(await readOutbox(server.env)).toEqual([]);
      const uploads = server.env.UPLOADS_DIR!;
      expect(existsSync(uploads) ? readdirSync(uploads) : []).toEqual([]);
    }, 240_000);
  });
});
