/**
 * A JSON pointer's segments (RFC 6901: `~1` is `/`, `~0` is `~`), array indexes as numbers:
 * `/steps/2/id` → `['steps', 2, 'id']`. How diagnostics' pointers are read back, in the text's
 * syntax tree (json-source) or in the parsed data (schema-diagnostics).
 */
export function pointerSegments(pointer: string): (string | number)[] {
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}
