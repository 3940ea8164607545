/* global Buffer */
// The Content-Security-Policy of HTML pages, for the production server (scripts/serve.mjs).
// Next's App Router puts inline scripts in every page (the bootstrap and the React payload), and
// a nonce would force every page to render per request. The pages stay statically generated: the
// server reads each HTML response as it leaves, hashes its inline scripts and sends the policy
// with exactly those hashes (site/http/content-security-policy.ts writes the policy). The HTML is
// asked from Next uncompressed and gzipped here, as Next would have.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

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
 * policy for its inline scripts. Any response that turns out not to be HTML passes untouched.
 * `policyFor(hashes)` returns the header's value.
 */
export function withPagePolicy(req, res, policyFor) {
  const accept = String(req.headers.accept ?? '');
  if (req.method !== 'GET' || !accept.includes('text/html') || req.headers.rsc) return;
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  // Next would compress the page; it is compressed below, after it has been read.
  delete req.headers['accept-encoding'];

  const original = {
    write: res.write,
    end: res.end,
    writeHead: res.writeHead,
    flushHeaders: res.flushHeaders,
  };
  const chunks = [];
  let html;
  const restore = () => Object.assign(res, original);
  const isHtml = () => {
    html ??= String(res.getHeader('content-type') ?? '').startsWith('text/html');
    if (!html) restore();
    return html;
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
    return res;
  };
  res.flushHeaders = () => undefined;
  res.write = function write(chunk, encoding, callback) {
    if (!isHtml()) return res.write(chunk, encoding, callback);
    collect(chunk, typeof encoding === 'string' ? encoding : undefined);
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') process.nextTick(done);
    return true;
  };
  res.end = function end(chunk, encoding, callback) {
    if (!isHtml()) return res.end(chunk, encoding, callback);
    collect(chunk, typeof encoding === 'string' ? encoding : undefined);
    restore();
    const page = Buffer.concat(chunks);
    res.setHeader('content-security-policy', policyFor(inlineScriptHashes(page.toString('utf8'))));
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
