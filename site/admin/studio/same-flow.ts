/**
 * Whether a text to publish is the flow already live: the two flows as the engine resolves them
 * (so spacing, key order and an option list's `{"list": …}` written out make no difference) equal
 * as JSON, the version number aside (a publish rewrites it). The studio disables its publish with
 * it, and the server refuses such a publish with it (publish-refusal.ts): one answer in both.
 */
import type { ResolvedFlow } from '@/engine/client';

/** JSON equality: arrays in order, objects whatever their keys' order, `undefined` as absent. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, i) => sameJson(item, b[i]))
    );
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = (o: Record<string, unknown>) => Object.keys(o).filter((k) => o[k] !== undefined);
  const xs = keys(x);
  return xs.length === keys(y).length && xs.every((k) => sameJson(x[k], y[k]));
}

export function sameFlow(a: ResolvedFlow, b: ResolvedFlow): boolean {
  return sameJson({ ...a, version: 0 }, { ...b, version: 0 });
}

/** Why a text that is the live flow is not published, in the studio and in the server's refusal. */
export const nothingToPublish = (version: number) =>
  `Nothing changed since version ${version}: there is nothing to publish`;
