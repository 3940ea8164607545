/**
 * A/B tests on both databases with the real stores: one running test per placement (two staff
 * starting one at once get one test), stop and promote change a running test once, each change
 * leaves its audit row; funnel events and leads keep the variant they were tagged with, through
 * the endpoints' own parsing; the report counts each variant's visits, completions, leads and the
 * chosen value's mean from them, leaving out tags on another version; and the public list serves a
 * promoted winner only until the flow's next version.
 */
import { describe, expect, it } from 'vitest';
import type { ResolvedFlow } from '@/engine';
import { auditOf, recentAudit } from '@/site/server/admin/audit-log';
import { promoteExperiment, stopExperiment } from '@/site/server/experiments/experiment-changes';
import { experimentReport } from '@/site/server/experiments/experiment-report';
import { publicExperiments } from '@/site/server/experiments/experiment-services';
import { ExperimentStore } from '@/site/server/experiments/experiment-store';
import { FunnelStore } from '@/site/server/funnel/funnel-store';
import { loadSiteFlowFiles } from '@/site/server/flows/site-flow-registry';
import { OutboxStore } from '@/site/server/leads/outbox-store';
import { experimentSite, sendFunnelEvents, storeTaggedLead } from './support/experiment-records';
import { dialects } from './support/test-databases';

const files = loadSiteFlowFiles();
const client = files.get('client')!;
/** Two "published versions" of the client questionnaire: the file, and the same at the next. */
const versions = new Map<number, ResolvedFlow>([
  [1, { ...client, version: 1 }],
  [2, { ...client, version: 2 }],
]);
const flowAt = (flowId: string, version: number) =>
  Promise.resolve(flowId === 'client' ? versions.get(version) : undefined);
const fiftyFifty = {
  name: 'Shorter lead-in',
  pagePath: '/',
  flowId: 'client',
  variants: [
    { key: 'A', version: 1, weight: 1 },
    { key: 'B', version: 2, weight: 1 },
  ],
  metricKey: 'amount',
};

describe.each(dialects)('A/B tests on %s', { timeout: 60_000 }, (dialect) => {
  const at = experimentSite(dialect, fiftyFifty);

  it('runs one test per placement: two started at once from two connections give one', async () => {
    const other = await at.database.open();
    const otherStore = new ExperimentStore(() => Promise.resolve(other));
    const results = await Promise.all([
      at.store.create({ ...fiftyFifty, createdBy: 'ana@firm.example' }),
      otherStore.create({ ...fiftyFifty, createdBy: 'bo@firm.example' }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const refused = results.find((r) => !r.ok);
    expect(refused).toEqual({
      ok: false,
      message: 'A test already runs on client at /: stop it first',
    });
    // Another page's placement of the same flow is another placement.
    expect((await at.store.create({ ...fiftyFifty, pagePath: '/about', createdBy: 'x' })).ok).toBe(
      true,
    );
    const [test] = (await at.store.list()).filter((t) => t.pagePath === '/');
    expect(test).toMatchObject({ status: 'running', variants: fiftyFifty.variants });
  });

  it('audits start, stop and promote, each once; a stopped placement takes a new test', async () => {
    const first = await at.started();
    expect((await stopExperiment(first, at.context)).ok).toBe(true);
    expect(await stopExperiment(first, at.context)).toEqual({
      ok: false,
      message: 'This test is not running',
    });
    const second = await at.started();
    expect((await promoteExperiment(second, 'Z', 4, at.context)).ok).toBe(false);
    const promoted = await promoteExperiment(second, 'B', 4, at.context);
    expect(promoted.ok && promoted.experiment).toMatchObject({
      status: 'promoted',
      winner: 'B',
      promotedOver: 4,
      endedBy: 'ana@firm.example',
    });
    expect((await promoteExperiment(second, 'A', 4, at.context)).ok).toBe(false);
    const rows = (await recentAudit(10, () => Promise.resolve(at.site))).reverse();
    expect(rows.map((r) => [r.action, r.detail, r.userEmail])).toEqual([
      [
        'started A/B test',
        `#${first.id} Shorter lead-in: client on /, A v1 ×1, B v2 ×1`,
        'ana@firm.example',
      ],
      ['stopped A/B test', `#${first.id} Shorter lead-in`, 'ana@firm.example'],
      [
        'started A/B test',
        `#${second.id} Shorter lead-in: client on /, A v1 ×1, B v2 ×1`,
        'ana@firm.example',
      ],
      [
        'promoted A/B test variant',
        `#${second.id} Shorter lead-in: B (version 2) for every visit`,
        'ana@firm.example',
      ],
    ]);
    expect(await auditOf('none', () => Promise.resolve(at.site))).toEqual([]);
  });

  it('keeps the variant on events and leads and reports each variant from them', async () => {
    const test = await at.started();
    const funnel = new FunnelStore(() => Promise.resolve(at.site));
    const outbox = new OutboxStore(() => Promise.resolve(at.site));
    const known = {
      get: (id: string) => (id === 'client' ? versions.get(2) : undefined),
      ids: () => ['client'],
    };
    // Events as the beacon sends them, through the endpoint's own parsing and checks.
    const send = (visit: string, version: number, variant: string, done: boolean) =>
      sendFunnelEvents(funnel, known, {
        id: visit,
        flow: client,
        version,
        experiment: test.id,
        variant,
        done,
      });
    const visit = (i: number) => `visit-${String(i).padStart(12, '0')}`;
    // A: 6 visits, 2 complete; B: 4 visits, 3 complete; one B-tagged visit on version 1 (stale).
    for (let i = 0; i < 6; i++) await send(visit(i), 1, 'A', i < 2);
    for (let i = 6; i < 10; i++) await send(visit(i), 2, 'B', i < 9);
    await send(visit(10), 1, 'B', true);
    // Leads as the endpoint parses them, with the chosen value among the answers.
    const store = (version: number, variant: string, amount: string) =>
      storeTaggedLead(outbox, {
        flowId: 'client',
        version,
        experiment: test.id,
        variant,
        answers: { amount },
      });
    await store(1, 'A', '$1,000');
    await store(2, 'B', '3000');
    await store(2, 'B', '5000');
    await store(2, 'B', 'not a number');
    await store(1, 'B', '99999'); // another version than B's: not B's lead

    const report = await experimentReport(test, () => Promise.resolve(at.site), flowAt);
    expect(
      report.map(({ key, visits, completed, leads, metricMean, metricLeads }) => ({
        key,
        visits,
        completed,
        leads,
        metricMean,
        metricLeads,
      })),
    ).toEqual([
      { key: 'A', visits: 6, completed: 2, leads: 1, metricMean: 1000, metricLeads: 1 },
      { key: 'B', visits: 4, completed: 3, leads: 3, metricMean: 4000, metricLeads: 2 },
    ]);
    expect(report[0]!.completionRate).toBeCloseTo(2 / 6, 10);
    expect(report[1]!.probabilityBest).toBeGreaterThan(0.8);
    expect(report[0]!.probabilityBest + report[1]!.probabilityBest).toBeCloseTo(1, 10);
  });

  it('lists running tests for the browser, and a promoted winner only until the next publish', async () => {
    const test = await at.started();
    const startOf = async (flowId: string, version: number) =>
      (await flowAt(flowId, version))?.start;
    expect(await publicExperiments(await at.store.live(), () => 2, startOf)).toEqual({
      experiments: [
        {
          id: test.id,
          path: '/',
          flow: 'client',
          promoted: false,
          variants: [
            { key: 'A', flow: 'client', version: 1, weight: 1, start: client.start },
            { key: 'B', flow: 'client', version: 2, weight: 1, start: client.start },
          ],
        },
      ],
    });
    await promoteExperiment(test, 'A', 2, at.context);
    const served = await publicExperiments(await at.store.live(), () => 2, startOf);
    expect(served.experiments[0]).toMatchObject({
      promoted: true,
      variants: [{ key: 'A', version: 1 }],
    });
    // Version 3 published since: visitors get it, as without a test.
    expect(await publicExperiments(await at.store.live(), () => 3, startOf)).toEqual({
      experiments: [],
    });
  });
});
