/**
 * The studio's three-way merge (site/admin/studio/merge-texts.ts) on the client flow's text:
 * changes on different lines are both kept wherever the other side moved the lines, a change
 * made alike on both sides is kept once, and changes to the same or neighbouring lines are a
 * conflict, placed in each side's text.
 */
import { describe, expect, it } from 'vitest';
import { mergeTexts } from '@/site/admin/studio/merge-texts';
import { client } from './support/studio-fixtures';

const title = (text: string) =>
  text.replace('"title": "Client questionnaire (home page)"', '"title": "Clients"');
const revenue = (text: string) =>
  text.replace(
    'What was your company gross revenue last year?',
    'What was your gross revenue last year?',
  );
const lineOf = (text: string, needle: string) =>
  text.slice(0, text.indexOf(needle)).split('\n').length;

describe('the studio’s three-way merge', () => {
  it('keeps both changes when they are on different lines', () => {
    expect(mergeTexts(client, title(client), revenue(client))).toEqual({
      ok: true,
      text: title(revenue(client)),
    });
    expect(mergeTexts(client, revenue(client), title(client))).toEqual({
      ok: true,
      text: title(revenue(client)),
    });
  });

  it('places a change by its line in the base, however many lines the other side added above', () => {
    const added = '{\n' + '  "_comment": "added",\n'.repeat(12) + client.slice(2);
    const merged = mergeTexts(client, added, revenue(client));
    expect(merged).toEqual({ ok: true, text: revenue(added) });
  });

  it('keeps one side whole when the other changed nothing, and a change made alike once', () => {
    expect(mergeTexts(client, client, title(client))).toEqual({ ok: true, text: title(client) });
    expect(mergeTexts(client, title(client), client)).toEqual({ ok: true, text: title(client) });
    expect(mergeTexts(client, title(revenue(client)), title(client))).toEqual({
      ok: true,
      text: title(revenue(client)),
    });
  });

  it('finds a conflict where both changed the same line differently, at its line on each side', () => {
    const mine = client.replace('What phase is your business in?', 'Which phase are you in?');
    const theirs = title(client).replace('What phase is your business in?', 'Your phase?');
    expect(mergeTexts(client, mine, theirs)).toEqual({
      ok: false,
      conflicts: [
        {
          mine: lineOf(mine, 'Which phase are you in?'),
          theirs: lineOf(theirs, 'Your phase?'),
        },
      ],
    });
  });

  it('finds a conflict where the two changed neighbouring lines, as git does', () => {
    const lines = client.split('\n');
    const at = lineOf(client, 'What phase is your business in?') - 1;
    const mine = lines.map((line, i) => (i === at ? `${line} ` : line)).join('\n');
    const theirs = lines.map((line, i) => (i === at + 1 ? `${line} ` : line)).join('\n');
    expect(mergeTexts(client, mine, theirs)).toMatchObject({ ok: false });
  });

  it('keeps a last line without its newline as either side wrote it', () => {
    expect(mergeTexts('a\nb\nc', 'A\nb\nc', 'a\nb\nC')).toEqual({ ok: true, text: 'A\nb\nC' });
    expect(mergeTexts('a\nb\nc\n', 'a\nb\nc\nd\n', 'x\na\nb\nc\n')).toEqual({
      ok: true,
      text: 'x\na\nb\nc\nd\n',
    });
  });
});
