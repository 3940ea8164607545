/**
 * Where the editor marks the engine's diagnostics: from where the engine placed each one to the
 * end of what its pointer names, never past that line; with the CLI's words.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFlowText } from '@/site/admin/studio/check-flow-text';
import { diagnosticMarks } from '@/site/admin/studio/diagnostic-marks';
import { FLOWS_DIR, VARS } from '../../../engine/load-repo-flows';

const client = readFileSync(join(FLOWS_DIR, 'client.json'), 'utf8');
const optionLists = {
  industries: JSON.parse(
    readFileSync(join(FLOWS_DIR, 'options/industries.json'), 'utf8'),
  ) as unknown,
  'revenue-bands': JSON.parse(
    readFileSync(join(FLOWS_DIR, 'options/revenue-bands.json'), 'utf8'),
  ) as unknown,
  services: JSON.parse(readFileSync(join(FLOWS_DIR, 'options/services.json'), 'utf8')) as unknown,
};

function marks(text: string) {
  const { diagnostics } = checkFlowText({ flowId: 'client', text, optionLists, vars: VARS });
  return diagnosticMarks(text, diagnostics).map((m) => ({
    marked: text.slice(m.from, m.to),
    severity: m.severity,
    message: m.message,
  }));
}

describe('diagnostic marks', () => {
  it('a property with a value on its line: the whole property, with message, hint and where', () => {
    expect(marks(client.replace('"next": "service"', '"next": "servcie"'))).toEqual([
      {
        marked: '"next": "servcie"',
        severity: 'error',
        message: expect.stringMatching(
          /^Step "industry" goes to "servcie", which is not a step or ending of this flow\nDid you mean "service"\? Choose one of: .*\nIn step "industry" › next$/,
        ) as string,
      },
    ]);
  });

  it('a warning is a warning', () => {
    expect(marks(client.replace('"total": 5', '"total": 3'))).toMatchObject([
      { marked: '"total": 3', severity: 'warning' },
    ]);
  });

  it('an object: its first line only; a syntax error: from its column to the end of the line', () => {
    const noOptions = client.replace(/"options": "revenue-bands",\n\s*/, '');
    expect(marks(noOptions)).toMatchObject([
      { marked: '{', message: /^Step "revenue" needs options/ },
    ]);
    const comma = marks(client.replace('"otherwise": "revenue"', '"otherwise": "revenue",'));
    expect(comma).toMatchObject([{ marked: ',', message: /^The text cannot be read here/ }]);
  });

  it('a diagnostic without a line (given as data) is placed by its pointer', () => {
    const d = { file: 'client.json', pointer: '/start', message: 'm', hint: 'h' };
    const [mark] = diagnosticMarks(client, [d]);
    expect(client.slice(mark!.from, mark!.to)).toBe('"start": "phase"');
    expect(mark!.message).toBe('m\nh');
  });
});
