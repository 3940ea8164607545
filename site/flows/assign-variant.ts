/**
 * Which variant of an A/B test a visit gets: a pure function of the visit's id, the test's id and
 * the variants' weights, so the same visit gets the same variant on every page load, on every
 * instance, with nothing stored on the server. The hash is FNV-1a (32 bits) of `id:visit`,
 * finished with MurmurHash3's mixer so nearby ids spread evenly; its share of 2^32 falls in one
 * variant's slice of the weights.
 */
export interface Weighted {
  key: string;
  weight: number;
}

/** A number in [0, 1) for `experimentId` and `visitId`, the same everywhere. */
export function visitPoint(experimentId: number, visitId: string): number {
  const text = `${experimentId}:${visitId}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return (hash >>> 0) / 0x1_0000_0000;
}

/** The variant whose slice of the total weight holds the visit's point. */
export function assignVariant<V extends Weighted>(
  experimentId: number,
  visitId: string,
  variants: readonly V[],
): V {
  const total = variants.reduce((sum, v) => sum + Math.max(0, v.weight), 0);
  let point = visitPoint(experimentId, visitId) * total;
  for (const variant of variants) {
    point -= Math.max(0, variant.weight);
    if (point < 0) return variant;
  }
  return variants[variants.length - 1]!;
}
