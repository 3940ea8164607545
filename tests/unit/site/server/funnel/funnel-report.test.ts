/**
 * The funnel of the `client` flow (flows/client.json) over scripted visits, on both databases:
 * exact counts per step and transition, where visits left, endings, completion rate, and the
 * period and version a report reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatFunnel } from '@/site/server/funnel/format-funnel';
import { funnel, type Funnel } from '@/site/server/funnel/funnel-report';
import { FunnelStore } from '@/site/server/funnel/funnel-store';
import { dialects } from '@/tests/integration/support/test-databases';
import { repoFlow, tempFunnel, toReady, toRevenue, visitEvents } from './funnel-fixtures';

const client = repoFlow('client');

/** Everything reported in the period the tests read (received on day 2). */
const visits: Record<string, string[]> = {
  // Through the revenue branch to the consultation ending.
  booked: [...toReady, 'ready#1'],
  // A start-up without capital: the noCapital ending.
  noCapital: ['phase', 'phase#0', 'capital', 'capital#0'],
  // Left at the third step of the path (industry).
  leftAtIndustry: [...toRevenue, 'industry'],
  // Back and forth between phase and the next step, then left at revenue: counted once each.
  wavering: [
    'phase',
    'phase#0',
    'capital',
    'phase',
    'phase#1',
    'revenue',
    'phase',
    'phase#1',
    'revenue',
  ],
  // Took phase#1, and revenue's "shown" event was lost: left at revenue all the same.
  lostShown: ['phase', 'phase#1'],
  // Reached an ending, restarted and stopped at the first question: completed, not left.
  restarted: ['phase', 'phase#0', 'capital', 'capital#0', 'phase'],
};

const day1 = Date.UTC(2025, 10, 1, 12);
const day2 = Date.UTC(2025, 10, 2, 12);
const day2Start = Date.UTC(2025, 10, 2);

function transitions(report: Funnel) {
  return Object.fromEntries(
    report.steps.flatMap((step) => step.transitions.map((t) => [`${t.id} → ${t.to}`, t.took])),
  );
}
const stepCounts = (report: Funnel) =>
  Object.fromEntries(report.steps.map((step) => [step.id, [step.saw, step.left]]));
const endings = (report: Funnel) =>
  Object.fromEntries(report.endings.map((ending) => [ending.id, ending.reached]));

describe.each(dialects)('funnel on %s', (dialect) => {
  let db: Awaited<ReturnType<typeof tempFunnel>>;

  beforeAll(async () => {
    db = await tempFunnel(dialect);
    for (const [name, script] of Object.entries(visits)) {
      await db.store.insertEvents(visitEvents(`visit-${name}-0123456789`, client, script), day2);
    }
    // A visit that began on day 1 and finished on day 2 (another batch, later seq).
    await db.store.insertEvents(
      visitEvents('visit-overnight-0123456789', client, ['phase', 'phase#0']),
      day1,
    );
    await db.store.insertEvents(
      visitEvents('visit-overnight-0123456789', client, ['capital', 'capital#0'], 2),
      day2,
    );
    // Only on day 1: left at revenue.
    await db.store.insertEvents(
      visitEvents('visit-yesterday-0123456789', client, ['phase', 'phase#1', 'revenue']),
      day1,
    );
    // Another version of the flow, and another flow in the same visit: not in the report.
    const other = { id: 'client', version: client.version + 1 };
    await db.store.insertEvents(
      visitEvents('visit-other-version-0123456789', other, ['phase', 'phase#5', 'oldStep']),
      day2,
    );
    await db.store.insertEvents(
      visitEvents('visit-booked-0123456789', repoFlow('newsletter'), ['subscribe']),
      day2,
    );
  });
  afterAll(() => db?.dispose());

  it('counts each transition, each step seen and left, and each ending, over all time', async () => {
    const report = await funnel(client, {}, db.store);
    expect(report).toMatchObject({
      flowId: 'client',
      version: client.version,
      visitors: 8,
      started: 8,
      completed: 4,
      completionRate: 0.5,
    });
    expect(report.since).toBeUndefined();
    expect(transitions(report)).toEqual({
      'phase#0 → capital': 4,
      'phase#1 → revenue': 5,
      'revenue#0 → industry': 2,
      'capital#0 → noCapital': 3,
      'capital#1 → industry': 0,
      'industry#0 → service': 1,
      'service#0 → contact': 1,
      'contact#0 → ready': 1,
      'ready#0 → checkout': 0,
      'ready#1 → bookConsult': 1,
    });
    expect(stepCounts(report)).toEqual({
      phase: [8, 0],
      revenue: [4, 3], // wavering, lostShown (its transition), yesterday
      capital: [4, 0],
      industry: [2, 1],
      service: [1, 0],
      contact: [1, 0],
      ready: [1, 0],
    });
    expect(endings(report)).toEqual({ noCapital: 3, checkout: 0, bookConsult: 1 });
    // Every visit either completed or left somewhere.
    const left = report.steps.reduce((sum, step) => sum + step.left, 0);
    expect(left + report.completed).toBe(report.visitors);
  });

  it('reads only what was received since a date', async () => {
    const report = await funnel(client, { since: day2Start }, db.store);
    expect(report).toMatchObject({ since: day2Start, visitors: 7, started: 6, completed: 4 });
    expect(report.completionRate).toBeCloseTo(4 / 6);
    expect(stepCounts(report)).toMatchObject({ phase: [6, 0], revenue: [3, 2], capital: [4, 0] });
    expect(transitions(report)).toMatchObject({
      'phase#0 → capital': 3,
      'capital#0 → noCapital': 3,
    });
    const before = await funnel(client, { until: day2Start }, db.store);
    expect(before).toMatchObject({ visitors: 2, started: 2, completed: 0, completionRate: 0 });
    expect(stepCounts(before)).toMatchObject({ revenue: [1, 1], capital: [0, 1] });
  });

  it('reads another version through the current flow, listing what the flow does not know', async () => {
    const report = await funnel(client, { version: client.version + 1 }, db.store);
    expect(report).toMatchObject({ visitors: 1, started: 1, completed: 0 });
    const phase = report.steps.find((step) => step.id === 'phase')!;
    expect(phase.transitions.at(-1)).toEqual({ id: 'phase#5', to: null, took: 1 });
    expect(report.steps.at(-1)).toEqual({
      id: 'oldStep',
      inFlow: false,
      saw: 1,
      left: 1,
      transitions: [],
    });
  });

  it('reads the same report in slices of any size, a visit in one slice only', async () => {
    // The default slice holds all of these events: one pass, the report as it always was read.
    const periods = [
      {},
      { since: day2Start },
      { until: day2Start },
      { version: client.version + 1 },
    ];
    for (const sliceRows of [1, 2, 5, 13]) {
      const sliced = new FunnelStore(() => Promise.resolve(db.site), { sliceRows });
      for (const period of periods) {
        expect(await funnel(client, period, sliced)).toEqual(
          await funnel(client, period, db.store),
        );
      }
    }
  });

  it('reports a flow with no events as zeros, with no completion rate', async () => {
    const report = await funnel(repoFlow('grants'), {}, db.store);
    expect(report).toMatchObject({ visitors: 0, started: 0, completed: 0, completionRate: null });
    expect(report.steps.every((step) => step.saw === 0 && step.left === 0)).toBe(true);
  });

  it('prints a readable table', async () => {
    const text = formatFunnel(await funnel(client, { since: day2Start }, db.store));
    const lines = text.split('\n');
    expect(lines[0]).toBe(
      `Flow client, version ${client.version}, since 2025-11-02: 7 visitor(s), 4 completed, completion rate 66.7 % (of 6 who saw the start)`,
    );
    expect(lines).toContain('phase     saw 6, left 0');
    expect(lines.some((line) => /^ {2}phase#1 → revenue +took 4$/.test(line))).toBe(true);
    expect(lines.slice(-5)).toEqual([
      'Endings',
      '  noCapital    reached 3',
      '  checkout     reached 0',
      '  bookConsult  reached 1',
      '',
    ]);
  });
});
