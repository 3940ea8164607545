import { mkdtempSync, rmSync, writeFileSync, mkdirSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  loadFlows,
  loadOptionListFromData,
  loadOptionListFromText,
  loadOptionListsFromData,
} from '@/engine';
import { FLOWS_DIR, VARS } from './load-repo-flows';

const temp: string[] = [];
afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

describe('shared option lists', () => {
  it('resolve strings to {label, value} and keep explicit values', () => {
    expect(
      loadOptionListFromData('options/x.json', {
        id: 'x',
        options: ['Yes', { label: 'No, just a proposal', value: 'No Just a Proposal' }],
      }),
    ).toEqual({
      id: 'x',
      options: [
        { label: 'Yes', value: 'Yes' },
        { label: 'No, just a proposal', value: 'No Just a Proposal' },
      ],
      diagnostics: [],
    });
  });

  it('reject a duplicate value and a malformed option', () => {
    expect(loadOptionListFromData('options/x.json', { id: 'x', options: ['A', 'B', 'A'] })).toEqual(
      {
        diagnostics: [
          {
            file: 'options/x.json',
            pointer: '/options/2',
            message: 'Option value "A" appears twice',
            hint: 'Option values must be unique within a list',
            code: 'list.duplicate-value',
            args: { value: 'A' },
          },
        ],
      },
    );
    const bad = loadOptionListFromData('options/x.json', { id: 'x', options: [{ value: 'A' }] });
    expect(bad.diagnostics.map((d) => d.pointer)).toEqual(['/options/0']);
  });

  it('a list whose id differs from its file name is refused, and flows using it are reported', () => {
    const dir = mkdtempSync(join(tmpdir(), 'flows-'));
    temp.push(dir);
    cpSync(FLOWS_DIR, dir, { recursive: true });
    mkdirSync(join(dir, 'options'), { recursive: true });
    writeFileSync(
      join(dir, 'options', 'yes-no.json'),
      JSON.stringify({ id: 'yesno', options: ['Yes', 'No'] }),
    );
    const { flows, diagnostics } = loadFlows(dir, VARS);
    expect(diagnostics[0]).toMatchObject({
      file: 'options/yes-no.json',
      line: 1,
      column: 2,
      pointer: '/id',
      message: 'List id "yesno" differs from the file name',
      hint: 'Name the file yesno.json or set "id": "yes-no"',
    });
    expect(
      diagnostics.some((d) => d.file === 'grants.json' && d.pointer === '/steps/5/options'),
    ).toBe(true);
    expect(flows.grants).toBeUndefined();
    expect(flows.client).toBeDefined();
  });

  it('given as data by file name, are checked as the files of a folder are', () => {
    const { optionLists, diagnostics } = loadOptionListsFromData({
      'yes-no': { id: 'yesno', options: ['Yes', 'No'] },
      bands: { id: 'bands', options: ['Low', { label: 'High', value: 'high' }] },
      broken: { id: 'broken', options: 'Low' },
    });
    expect(optionLists).toEqual({
      bands: [
        { label: 'Low', value: 'Low' },
        { label: 'High', value: 'high' },
      ],
    });
    expect(diagnostics.map((d) => [d.file, d.pointer, d.message])).toEqual([
      ['options/yes-no.json', '/id', 'List id "yesno" differs from the file name'],
      ['options/broken.json', '/options', 'Must be array'],
    ]);
  });
});

describe('loadOptionListFromText', () => {
  it('checks a list text as its file is checked, each problem at its line', () => {
    const good = '{\n  "id": "sizes",\n  "options": ["Small", "Large"]\n}\n';
    expect(loadOptionListFromText({ listId: 'sizes', text: good })).toEqual({
      options: [
        { label: 'Small', value: 'Small' },
        { label: 'Large', value: 'Large' },
      ],
      diagnostics: [],
    });
    const renamed = loadOptionListFromText({
      listId: 'sizes',
      text: good.replace('"sizes"', '"size"'),
    });
    expect(renamed.options).toBeUndefined();
    expect(renamed.diagnostics).toMatchObject([
      {
        file: 'options/sizes.json',
        pointer: '/id',
        line: 2,
        message: 'List id "size" differs from the file name',
      },
    ]);
    const twice = loadOptionListFromText({
      listId: 'sizes',
      text: good.replace('"Large"', '"Small"'),
    });
    expect(twice.diagnostics).toMatchObject([{ pointer: '/options/1', line: 3 }]);
    expect(
      loadOptionListFromText({ listId: 'sizes', text: '{\n  "id": \n}' }).diagnostics,
    ).toMatchObject([{ file: 'options/sizes.json', line: 3 }]);
  });
});
