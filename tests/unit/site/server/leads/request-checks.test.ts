import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createCaptchaVerifier } from '@/site/server/leads/captcha-verifier';
import { clientIp } from '@/site/server/http/client-ip';
import { hubspotUtk } from '@/site/server/leads/hubspot-utk';
import { formKeyToEnvSuffix } from '@/site/server/leads/form-key';
import { csvCell } from '@/site/server/leads/leads-csv';
import { parseJsonBody, parseMultipartBody } from '@/site/server/leads/parse-lead-request';
import { checkUpload } from '@/site/server/leads/sniff-upload';

const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const page = { uri: 'https://firm.example/', name: 'home' };
const pdfSpec = {
  label: 'Resume',
  maxBytes: 100,
  accept: { 'application/pdf': ['.pdf'], 'image/png': ['.png'] },
};

describe('lead request checks', () => {
  it('maps form keys to their HUBSPOT_FORM_ variable suffix', () => {
    expect(formKeyToEnvSuffix('subscribe')).toBe('SUBSCRIBE');
    expect(formKeyToEnvSuffix('contactBanner')).toBe('CONTACT_BANNER');
    expect(formKeyToEnvSuffix('eBookSubscribe')).toBe('E_BOOK_SUBSCRIBE');
    expect(formKeyToEnvSuffix('grantServiceQuestions')).toBe('GRANT_SERVICE_QUESTIONS');
  });

  it('reports shape errors under the answer or page field they concern', () => {
    expect(parseJsonBody(encode({ answers: { email: 5 }, page }))).toMatchObject({
      ok: false,
      errors: [{ field: 'email' }],
    });
    expect(
      parseJsonBody(encode({ answers: {}, page: { uri: 'javascript:alert(1)', name: 'x' } })),
    ).toMatchObject({
      ok: false,
      errors: [{ field: 'page.uri', message: 'page.uri must be an absolute http(s) URL' }],
    });
    expect(parseJsonBody(new Uint8Array([0xff, 0xfe]))).toMatchObject({
      ok: false,
      errors: [{ field: 'body' }],
    });
    expect(parseJsonBody(encode({ answers: { email: 'a@b.co' }, page }))).toMatchObject({
      ok: true,
    });
  });

  it('reads multipart answers and files, refusing files for fields that are not uploads', async () => {
    const form = new FormData();
    form.set('answers', JSON.stringify({ email: 'a@b.co' }));
    form.set('page', JSON.stringify(page));
    form.set('resume_document', new Blob(['%PDF-1.4']), 'cv.pdf');
    const response = new Response(form);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const type = response.headers.get('content-type')!;
    const parsed = await parseMultipartBody(bytes, type, new Set(['resume_document']));
    expect(parsed).toMatchObject({
      ok: true,
      request: { files: [{ field: 'resume_document', name: 'cv.pdf' }] },
    });
    expect(await parseMultipartBody(bytes, type, new Set())).toMatchObject({
      ok: false,
      errors: [{ field: 'resume_document' }],
    });
  });

  it('judges uploads by their bytes and size', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.4\n%%EOF');
    expect(await checkUpload(pdfSpec, pdf)).toEqual({
      ok: true,
      mime: 'application/pdf',
      ext: 'pdf',
    });
    const gif = new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00\x00;');
    expect(await checkUpload(pdfSpec, gif)).toEqual({
      ok: false,
      status: 415,
      message: 'Resume is a GIF file; allowed: PDF, PNG',
    });
    expect(await checkUpload(pdfSpec, new Uint8Array(101))).toMatchObject({
      ok: false,
      status: 413,
    });
  });

  it('takes the client address from the nearest proxy and a well-formed hubspotutk', () => {
    expect(clientIp(new Headers({ 'x-forwarded-for': '203.0.113.9, 10.0.0.7' }))).toBe('10.0.0.7');
    expect(clientIp(new Headers({ 'x-forwarded-for': '::ffff:127.0.0.1' }))).toBe('127.0.0.1');
    expect(clientIp(new Headers({ 'x-forwarded-for': 'evil<script>' }))).toBeUndefined();
    expect(hubspotUtk(new Headers({ cookie: 'a=1; hubspotutk=abc123' }))).toBe('abc123');
    expect(hubspotUtk(new Headers({ cookie: 'hubspotutk=<x>' }))).toBeUndefined();
  });

  it('neutralises spreadsheet formulas in CSV cells', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
  });

  it('verifies captcha tokens with the siteverify endpoint, and needs a secret', async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        seen.push(raw);
        const ok = new URLSearchParams(raw).get('response') === 'good';
        res.end(
          JSON.stringify({ success: ok, 'error-codes': ok ? [] : ['invalid-input-response'] }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const verifyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const verifier = createCaptchaVerifier({ provider: 'recaptcha', secret: 's3cret', verifyUrl });
    expect(await verifier.verify('good', '10.0.0.1')).toEqual({ ok: true });
    expect(await verifier.verify('bad', undefined)).toMatchObject({ ok: false, kind: 'rejected' });
    expect(await verifier.verify(undefined, undefined)).toMatchObject({
      ok: false,
      kind: 'rejected',
    });
    expect(seen[0]).toBe('secret=s3cret&response=good&remoteip=10.0.0.1');
    server.close();
    const down = createCaptchaVerifier({
      provider: 'turnstile',
      secret: 's',
      verifyUrl,
      timeoutMs: 500,
    });
    expect(await down.verify('good', undefined)).toMatchObject({ ok: false, kind: 'unavailable' });
    expect(() => createCaptchaVerifier({ provider: 'turnstile' })).toThrow(/CAPTCHA_SECRET/);
  });
});
