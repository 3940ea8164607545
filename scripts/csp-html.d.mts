import type { IncomingMessage, ServerResponse } from 'node:http';

/** Base64 SHA-256 of each inline script the browser would run (not `src`, not data blocks). */
export function inlineScriptHashes(html: string): string[];

/** Sends an HTML response with the policy `policyFor` writes for its inline scripts. */
export function withPagePolicy(
  req: IncomingMessage,
  res: ServerResponse,
  policyFor: (hashes: string[]) => string,
): void;
