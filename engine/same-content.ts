/**
 * Whether two flows (or a flow file's data, or a shared list's) say the same, their `version`
 * aside: equal JSON values whatever the order of object keys, an `undefined` property counting
 * as absent (as in JSON). The flow studio refuses to publish a text that says the same as the
 * live version; the catalogue's seeder imports no file that says the same as a stored version.
 */
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

const versionAside = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? { ...value, version: undefined }
    : value;

export function sameContent(a: unknown, b: unknown): boolean {
  return sameJson(versionAside(a), versionAside(b));
}
