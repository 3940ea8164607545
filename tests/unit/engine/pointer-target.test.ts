/**
 * Where a JSON pointer lands in a flow's text (pointerTarget, engine/json-source.ts): the one rule
 * behind a diagnostic's line and column, the studio's marks and the editor's selection.
 */
import { parseTree } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { pointerTarget } from '@/engine/client';

const text = '{\n  "steps": [\n    { "id": "phase", "next": "service" }\n  ]\n}';
const root = parseTree(text);
const at = (pointer: string) => {
  const node = pointerTarget(root, pointer);
  return node && text.slice(node.offset, node.offset + node.length);
};

describe('pointerTarget', () => {
  it('gives a property with its name, an item whole, the nearest enclosing node otherwise', () => {
    expect(at('/steps/0/next')).toBe('"next": "service"');
    expect(at('/steps/0')).toBe('{ "id": "phase", "next": "service" }');
    expect(at('/steps/0/missing')).toBe('{ "id": "phase", "next": "service" }');
    expect(at('')).toBe(text);
  });

  it('gives nothing without a syntax tree', () => {
    expect(pointerTarget(undefined, '/steps/0')).toBeUndefined();
  });
});
