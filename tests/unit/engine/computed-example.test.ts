/**
 * The example flow of computed values (flows/clientPrequal.json, placed on the debt financing
 * page): `flows check` accepts it, and refuses each of its broken copies
 * (tests/fixtures/prequal-broken) at the file, line and column of the mistake. Its covering
 * paths send a low score to the "not yet" ending and a ready one to HubSpot with the score and
 * band.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  chooseTransition,
  coveringPaths,
  endingTexts,
  loadFlows,
  type Answers,
  type ResolvedScreenEnding,
} from '@/engine';
import { FLOWS_DIR, VARS } from './load-repo-flows';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const FIXTURES = 'tests/fixtures/prequal-broken';
const run = promisify(execFile);

/** Each broken copy: the code the marketer is shown, at file:line:col of the mistake. */
const broken: [string, string, RegExp][] = [
  [
    'prequalUnknownName',
    'computed.unknown-name',
    /:113:21: .*"scroe" is no answer.*Did you mean "score"\?/,
  ],
  [
    'prequalCycle',
    'computed.cycle',
    /:93:113: Computed values read each other in a circle: score → band → score/,
  ],
  [
    'prequalTypeError',
    'computed.type',
    /:93:32: .*Each side of "\+" must be a number, but credit is a text/,
  ],
  [
    'prequalDivideByZero',
    'computed.divide-by-zero',
    /:93:51: .*divides by points\(years\), which can be 0/,
  ],
  [
    'prequalNotAsked',
    'computed.not-asked',
    /:46:24: A branch of step "years" reads answer "credit" \(through computed value "band"\)/,
  ],
  [
    'prequalEndingUnknownName',
    'ending.unknown-value',
    /:155:35: Ending "qualified" shows "scroe", which is no computed value \(Did you mean "score"\?/,
  ],
];

describe('the pre-qualification example', () => {
  const { flows } = loadFlows(FLOWS_DIR, VARS);
  const flow = flows.clientPrequal!;

  it('routes a low score to "not yet" and sends a ready one with its score and band', () => {
    expect(flow).toBeDefined();
    const endings = coveringPaths(flow).map((p) => p.ending);
    expect(endings).toEqual(expect.arrayContaining(['notYet', 'qualified']));
    const credit = flow.steps.find((s) => s.id === 'credit')!;
    const low: Answers = { amount: '10000', years: 'Not yet started', credit: 'under-580' };
    expect(chooseTransition(credit, low)?.to).toBe('notYet');
    const ready: Answers = { amount: '250000', years: 'Over 5 years', credit: '740-plus' };
    expect(chooseTransition(credit, ready)?.to).toBe('contact');
    const sent = coveringPaths(flow).find((p) => p.ending === 'qualified')!.submissions[0]!;
    const field = (name: string) => sent.fields.find((f) => f.name === name)?.value;
    expect(sent.formKey).toBe('prequal');
    expect(Number(field('readiness_score'))).toBeGreaterThanOrEqual(30);
    expect(['close', 'ready']).toContain(field('readiness_band'));
  });

  it('each ending shows the score and band, and "not yet" keeps its grant and SBA links', () => {
    const ending = (id: string) => flow.endings.find((e) => e.id === id) as ResolvedScreenEnding;
    const low: Answers = { amount: '10000', years: 'Under 1 year', credit: 'unknown' };
    expect(endingTexts(ending('notYet'), low).body[0]).toBe(
      'Your readiness score is 25 of 100 (band: early).',
    );
    expect(ending('notYet').links.map((l) => l.href)).toEqual([
      '/grant-service',
      '/financing/sba-financing',
    ]);
    const ready: Answers = { amount: '250000', years: 'Over 5 years', credit: '740-plus' };
    expect(endingTexts(ending('qualified'), ready).body[0]).toBe(
      'Your readiness score is 100 of 100 (band: ready).',
    );
  });

  it('each broken copy is refused at the mistake, with its code', () => {
    const { flows: loaded, diagnostics } = loadFlows(
      fileURLToPath(new URL(`../../../${FIXTURES}`, import.meta.url)),
      VARS,
    );
    expect(Object.keys(loaded)).toEqual([]);
    for (const [file, code] of broken) {
      const mine = diagnostics.filter((d) => d.file === `${file}.json` && d.severity !== 'warning');
      expect(
        mine.map((d) => d.code),
        file,
      ).toEqual([code]);
    }
  });

  it(
    'flows check passes on the repository and fails on each broken copy at file:line:col',
    { timeout: 90_000 },
    async () => {
      const tsx = `${ROOT}node_modules/.bin/tsx`;
      const ok = await run(tsx, ['scripts/flows.ts', 'check'], { cwd: ROOT });
      expect(ok.stdout).toContain('clientPrequal');
      const bad = await run(tsx, ['scripts/flows.ts', 'check', '--dir', FIXTURES], {
        cwd: ROOT,
      }).then(
        () => undefined,
        (e: { code: number; stderr: string }) => e,
      );
      expect(bad?.code).toBe(1);
      for (const [file, , where] of broken) {
        const line = bad!.stderr.split('\n').find((l) => l.startsWith(`${FIXTURES}/${file}.json:`));
        expect(line, file).toMatch(where);
      }
    },
  );
});
