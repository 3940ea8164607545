import type { IncomingMessage, ServerResponse } from 'node:http';

/** Base64 SHA-256 of each inline script the browser would run (not `src`, not data blocks). */
export function inlineScriptHashes(html: string): string[];

/**
 * Sends an HTML response (by its Content-Type, whatever the request accepts) with the headers
 * `policyFor` writes for its inline scripts.
 */
export function withPagePolicy(
  req: IncomingMessage,
  res: ServerResponse,
  policyFor: (hashes: string[]) => { key: string; value: string }[],
): void;
