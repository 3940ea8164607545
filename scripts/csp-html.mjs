/* global Buffer */
// The Content-Security-Policy of HTML pages, for the production server (scripts/serve.mjs).
// Next's App Router puts inline scripts in every page (the bootstrap and the React payload), and
// a nonce would force every page to render per request. The pages stay statically generated: the
// server reads each HTML response as it leaves, hashes its inline scripts and sends the policy
// with exactly those hashes (site/http/content-security-policy.ts writes the policy). The HTML is
// asked from Next uncompressed and gzipped here, as Next would have.
// Which responses get it is decided by what they are (Content-Type), never by what the request
// accepts: a page is kept by shared caches for up to a year under its URL alone, so every copy
// must carry the one policy, whether a browser, `fetch` (`Accept: */*`) or a crawler asked.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

/** The headers a page's policy travels in (site/http/content-security-policy.ts). */
const policyHeaderNames = [
  'content-security-policy',
  'content-security-policy-report-only',
  'reporting-endpoints',
];
const scriptTag = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const dataType = /\btype\s*=\s*["']?(?!text\/javascript|application\/javascript|module)[^"'\s>]+/i;

/** Base64 SHA-256 of each inline script the browser would run (not `src`, not data blocks). */
export function inlineScriptHashes(html) {
  const hashes = new Set();
  for (const [, attributes, body] of html.matchAll(scriptTag)) {
    if (/\bsrc\s*=/i.test(attributes) || dataType.test(attributes) || body === '') continue;
    hashes.add(createHash('sha256').update(body, 'utf8').digest('base64'));
  }
  return [...hashes];
}

/**
 * Holds the response to a page request until Next has written all of it, then sends it with the
 * policy for its inline scripts. Any response that turns out not to be HTML passes untouched
 * (compressed by Next under /_next/, uncompressed elsewhere). `policyFor(hashes)` returns the headers that carry the policy
 * (`[{key, value}]`): they replace whichever policy headers the page had (the build's, which may
 * be enforced where the server's is report-only, or the reverse). A 304 or a HEAD answer carries
 * no page to hash, and a cache refreshes its stored page's headers from it: it goes without
 * policy headers, so the stored page keeps the policy it came with.
 */
export function withPagePolicy(req, res, policyFor) {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.rsc) return;
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  // Next decides compression before a response's Content-Type is known to this hook (a page
  // rewritten by proxy.ts, every /en/... address, is compressed as its first bytes are written),
  // so any address that may be a page is asked from Next uncompressed, and an HTML answer is
  // compressed in `end` once read. Next's own files (/_next/) are never pages: it compresses them.
  if (!String(req.url ?? '').startsWith('/_next/')) delete req.headers['accept-encoding'];

  const original = {
    write: res.write,
    end: res.end,
    writeHead: res.writeHead,
    flushHeaders: res.flushHeaders,
  };
  const chunks = [];
  let html;
  // Once the page is read, Node's own functions send it. (Anything else goes through the ones
  // below to Node's: Next's compression has wrapped them, and must stay in front.)
  const release = () => Object.assign(res, original);
  const isHtml = () => {
    html ??= String(res.getHeader('content-type') ?? '').startsWith('text/html');
    return html;
  };
  // A 304 or a HEAD answer: no page to hash (see above).
  const noPage = () => res.statusCode === 304 || req.method === 'HEAD';
  const dropPolicy = () => {
    for (const name of policyHeaderNames) res.removeHeader(name);
  };
  const collect = (chunk, encoding) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, encoding));
  };

  res.writeHead = function writeHead(status, reason, headers) {
    const fields = typeof reason === 'object' && reason !== null ? reason : headers;
    res.statusCode = status;
    if (Array.isArray(fields)) {
      for (let i = 0; i < fields.length; i += 2) res.setHeader(fields[i], fields[i + 1]);
    } else if (fields) {
      for (const [name, value] of Object.entries(fields)) res.setHeader(name, value);
    }
    if (noPage()) dropPolicy();
    if (noPage() || !isHtml()) return original.writeHead.call(res, status);
    return res;
  };
  res.flushHeaders = function flushHeaders() {
    if (noPage() || !isHtml()) original.flushHeaders.call(res);
  };
  res.write = function write(chunk, encoding, callback) {
    if (!isHtml()) return original.write.call(res, chunk, encoding, callback);
    collect(chunk, typeof encoding === 'string' ? encoding : undefined);
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') process.nextTick(done);
    return true;
  };
  res.end = function end(chunk, encoding, callback) {
    if (noPage() || !isHtml()) {
      if (noPage() && !res.headersSent) dropPolicy();
      return original.end.call(res, chunk, encoding, callback);
    }
    collect(chunk, typeof encoding === 'string' ? encoding : undefined);
    release();
    res.removeHeader('content-security-policy-report-only');
    const page = Buffer.concat(chunks);
    for (const { key, value } of policyFor(inlineScriptHashes(page.toString('utf8')))) {
      res.setHeader(key, value);
    }
    let body = page;
    if (gzip && page.length > 1024) {
      body = gzipSync(page);
      res.setHeader('content-encoding', 'gzip');
    }
    const vary = String(res.getHeader('vary') ?? '');
    if (!/accept-encoding/i.test(vary)) {
      res.setHeader('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    res.removeHeader('transfer-encoding');
    res.setHeader('content-length', String(body.length));
    const done = [chunk, encoding, callback].find((arg) => typeof arg === 'function');
    return res.end(body, done);
  };
}
