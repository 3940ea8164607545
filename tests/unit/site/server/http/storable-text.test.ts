/**
 * What "text a database stores as sent" means (storable-text.ts): everything Unicode is, emoji and
 * other characters written as surrogate pairs included, except the NUL character and a surrogate
 * without its pair; found in any value or key of a JSON body, a form's fields, an address.
 */
import { describe, expect, it } from 'vitest';
import {
  findUnstorable,
  printableName,
  unstorableAddress,
  unstorableFormField,
  unstorableReasons,
  unstorableText,
} from '@/site/server/http/storable-text';

describe('unstorableText', () => {
  it.each([
    ['plain text', 'Ada Lovelace'],
    ['accents and scripts', 'Zoë, 東京, مرحبا'],
    ['a surrogate pair (an emoji)', 'thanks 😀'],
    ['the other control characters', 'tab\there, bell\u0007'],
    ['U+FFFD, what a sender writes for what it cannot encode', 'caf\uFFFD'],
    ['nothing', ''],
  ])('takes %s', (_what, text) => {
    expect(unstorableText(text)).toBeUndefined();
  });

  it.each([
    ['a NUL', 'a\u0000b', unstorableReasons.nul],
    ['a lone high surrogate', 'a\uD800b', unstorableReasons.surrogate],
    ['a lone high surrogate at the end', 'ab\uDBFF', unstorableReasons.surrogate],
    ['a lone low surrogate', '\uDC00ab', unstorableReasons.surrogate],
    ['a pair in the wrong order', 'a\uDE00\uD83Db', unstorableReasons.surrogate],
  ])('refuses %s', (_what, text, reason) => {
    expect(unstorableText(text)).toBe(reason);
  });
});

describe('findUnstorable', () => {
  it('finds the first value, in document order, with its path', () => {
    const body = JSON.parse(
      '{"page":{"uri":"https://firm.example/","name":"ok"},"answers":{"tags":["a","b\\u0000"],"name":"\\ud800"}}',
    ) as unknown;
    expect(findUnstorable(body)).toEqual({
      path: ['answers', 'tags', 1],
      problem: unstorableReasons.nul,
    });
  });

  it('finds a key, named printably', () => {
    expect(findUnstorable(JSON.parse('{"answers":{"x\\u0000y":"z"}}'))).toEqual({
      path: ['answers', 'x\\u0000y'],
      problem: unstorableReasons.nul,
    });
    expect(printableName('a\uD800')).toBe('a\\ud800');
  });

  it('takes numbers, booleans, null and storable text', () => {
    expect(findUnstorable({ a: [1, true, null, 'text 😀'], b: { c: 'd' } })).toBeUndefined();
  });
});

describe('forms and addresses', () => {
  it('names the form field', () => {
    expect(unstorableFormField(new URLSearchParams('q=ada&note=a%00b'))).toEqual({
      field: 'note',
      message: `note ${unstorableReasons.nul}`,
    });
    // A form cannot carry a lone surrogate: its bytes decode to U+FFFD, which is stored as sent.
    expect(unstorableFormField(new URLSearchParams('q=%ED%A0%80'))).toBeUndefined();
  });

  it('names the query parameter, or the path', () => {
    expect(unstorableAddress('http://site.test/admin/leads?q=a%00b')).toEqual({
      field: 'q',
      message: `q ${unstorableReasons.nul}`,
    });
    expect(unstorableAddress('/admin/leads/a%00b/handled')).toEqual({
      field: 'path',
      message: `The address ${unstorableReasons.nul}`,
    });
    expect(unstorableAddress('/admin/leads/%ED%A0%80?page=2')).toBeUndefined();
    expect(unstorableAddress('/admin/leads/0196c0de-7000-7000-8000-000000000000')).toBeUndefined();
  });
});
