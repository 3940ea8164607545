/**
 * The committed schema validators (engine/generated/) are what the generator writes from the
 * schemas now: a schema edited without `npm run flows:validators` would otherwise be checked by
 * its old validators everywhere.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED, generateSchemaValidators } from '@/scripts/generate-schema-validators.mjs';

describe('generated schema validators', () => {
  const now = generateSchemaValidators();

  it.each(['js', 'dts'] as const)('the committed .%s is up to date with the schemas', (kind) => {
    const committed = readFileSync(GENERATED[kind], 'utf8');
    expect(
      committed === now[kind],
      'engine/generated is stale: run `npm run flows:validators` and commit the result',
    ).toBe(true);
  });

  it('needs nothing that the browser lacks or its Content-Security-Policy forbids', () => {
    expect(now.js).not.toMatch(/\brequire\(|new Function|\beval\(/);
    expect(now.js).toMatch(/^export const flow = /m);
    expect(now.js).toMatch(/\bexport const optionList = /);
  });
});
