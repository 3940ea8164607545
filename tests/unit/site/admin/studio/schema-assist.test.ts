/**
 * The editor's completion and hover read the flow JSON Schema at the cursor: property names the
 * object may still take (narrowed by its `kind`), the values a property allows, the words the
 * schema has for what is under the pointer. `|` marks the cursor.
 */
import { describe, expect, it } from 'vitest';
import flowSchema from '@/schemas/flow.schema.json';
import { completeAt, completionEdit } from '@/site/admin/studio/schema-completion';
import { hoverAt } from '@/site/admin/studio/schema-hover';

const cursor = (marked: string) => ({ text: marked.replace('|', ''), at: marked.indexOf('|') });

function complete(marked: string) {
  const { text, at } = cursor(marked);
  const found = completeAt(flowSchema, text, at);
  const labels = found?.options.map((o) => o.label) ?? [];
  /** The text once `label` is chosen. */
  const choose = (label: string) => {
    const edit = completionEdit(
      found!.options.find((o) => o.label === label)!,
      text,
      at,
    );
    return text.slice(0, edit.from) + edit.insert + text.slice(edit.to);
  };
  return { found, labels, choose };
}

describe('schema completion', () => {
  it("offers the properties a step of that kind may still have, each with the schema's words", () => {
    const { found, labels, choose } = complete('{"steps": [{"kind": "choice", "id": "a", "sh|"}]}');
    expect(labels).toEqual([
      'question',
      'leadIn',
      'numbered',
      'next',
      'options',
      'multiple',
      'required',
      'showFirst',
    ]);
    expect(found!.options.find((o) => o.label === 'showFirst')!.info).toMatch(/See all/);
    expect(found!.from).toBe('{"steps": [{"kind": "choice", "id": "a", "'.length);
    expect(choose('showFirst')).toBe('{"steps": [{"kind": "choice", "id": "a", "showFirst": }]}');
  });

  it('a fields step is offered its own properties, and a name before its colon gets no second one', () => {
    const { labels, choose } = complete('{"steps": [{"kind": "fields", "fi|": []}]}');
    expect(labels).toContain('fields');
    expect(labels).not.toContain('options');
    expect(choose('fields')).toBe('{"steps": [{"kind": "fields", "fields": []}]}');
  });

  it("offers every kind for a step's kind, and the values a property allows", () => {
    expect(complete('{"steps": [{"kind": "cho|"}]}').labels).toEqual([
      'choice',
      'fields',
      'contact',
      'uploads',
    ]);
    expect(complete('{"steps": [{"kind": "cho|"}]}').choose('choice')).toBe(
      '{"steps": [{"kind": "choice"}]}',
    );
    expect(complete('{"progress": {"mode": |}}').labels).toEqual(['fixed', 'branch', 'none']);
    expect(complete('{"progress": {"mode": |}}').choose('none')).toBe(
      '{"progress": {"mode": "none"}}',
    );
    expect(complete('{"steps": [{"kind": "choice", "multiple": |}]}').labels).toEqual([
      'true',
      'false',
    ]);
    expect(
      complete('{"steps": [{"kind": "fields", "fields": [{"type": "e|"}]}]}').labels,
    ).toContain('email');
  });

  it('offers a condition its operators, deep inside a step', () => {
    const { labels } = complete(
      '{"steps": [{"kind": "choice", "next": {"branches": [{"when": {"|"}}]}}]}',
    );
    expect(labels).toEqual(['answer', 'equals', 'oneOf', 'isEmpty', 'not', 'all', 'any', 'expr']);
  });

  it('nothing after a finished value, or where the schema says nothing', () => {
    expect(complete('{"id": "client"|}').found).toBeNull();
    expect(complete('{"title": "Cli|"}').found).toBeNull();
  });
});

describe('schema hover', () => {
  const text = '{"steps": [{"kind": "choice", "showFirst": 3}], "progress": {"mode": "fixed"}}';
  const hover = (word: string) => hoverAt(flowSchema, text, text.indexOf(word) + 1);

  it("a property's description, and the values it allows", () => {
    expect(hover('showFirst')).toMatchObject({ name: 'showFirst', values: [] });
    expect(hover('showFirst')!.descriptions).toEqual([
      'Show this many options, then a "See all" button revealing the rest.',
    ]);
    expect(hover('mode')).toMatchObject({ name: 'mode', values: ['fixed', 'branch', 'none'] });
    expect(hover('kind')).toMatchObject({ values: ['choice', 'fields', 'contact', 'uploads'] });
  });

  it('a value: what the schema says of the kind written', () => {
    expect(hover('"choice"')!.descriptions).toEqual([
      'Pick one option (or several with `multiple`).',
    ]);
    expect(hover('"choice"')).toMatchObject({
      from: text.indexOf('"choice"'),
      to: text.indexOf('"choice"') + 8,
    });
  });

  it('nothing on punctuation', () => {
    expect(hoverAt(flowSchema, text, 0)).toBeNull();
  });
});

describe('the behaviour properties of a flow', () => {
  const text = JSON.stringify({
    id: 'x',
    audience: 'candidates',
    pagePosition: 'banner',
    session: { marksContacted: true },
    booking: { scheduler: false, fallbackFlow: 'bookingRequest' },
  });
  const hover = (word: string) => hoverAt(flowSchema, text, text.indexOf(word) + 1);

  it('are offered at the top of a flow, each with what it does', () => {
    const { found } = complete('{"id": "x", "|"}');
    const info = (label: string) => found!.options.find((o) => o.label === label)?.info;
    expect(info('audience')).toMatch(/hiring team/);
    expect(info('pagePosition')).toMatch(/under the page's banner/);
    expect(info('session')).toMatch(/browser session/);
    expect(info('booking')).toMatch(/scheduler or the fallback flow/);
    expect(complete('{"audience": |}').labels).toEqual(['clients', 'candidates']);
    expect(complete('{"pagePosition": |}').labels).toEqual(['inline', 'banner', 'closing']);
    expect(complete('{"booking": {"|"}}').labels).toEqual(['scheduler', 'fallbackFlow']);
    expect(complete('{"session": {"|"}}').labels).toEqual(['marksContacted']);
  });

  it('say what they do on hover', () => {
    expect(hover('audience')).toMatchObject({ values: ['clients', 'candidates'] });
    expect(hover('marksContacted')!.descriptions[0]).toMatch(/ready-to-talk-submitted/);
    expect(hover('fallbackFlow')!.descriptions[0]).toMatch(/preferred day and time/);
    expect(hover('scheduler')!.descriptions[0]).toMatch(/SCHEDULER_URL/);
  });
});
