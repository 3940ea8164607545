/**
 * A/B tests whose variants are two different flows at one placement (the home page's `client`
 * against `clientPrequal`), on both databases with the real stores: the form and the catalogue
 * check refuse a booking, an unknown flow and an unpublished version with the field and the
 * reason; a row written before variants named their flow reads as the placed flow; the public
 * list gives each variant its own flow and opening step, and the assignment spreads visits over
 * both; funnel events and leads recorded on the flow that ran count for their variant (a tag on
 * the other flow does not); the report's mean of `score`, which only clientPrequal computes, is
 * "not computed" for client rather than 0; a promoted variant of the other flow is served until
 * the test is stopped, whatever the placed flow publishes.
 */
import { describe, expect, it } from 'vitest';
import type { ResolvedFlow } from '@/engine';
import { readExperimentForm } from '@/site/admin/experiments/experiment-form';
import { assignVariant } from '@/site/flows/assign-variant';
import { recentAudit } from '@/site/server/admin/audit-log';
import { checkVariantFlows } from '@/site/server/experiments/check-variant-flows';
import { promoteExperiment, stopExperiment } from '@/site/server/experiments/experiment-changes';
import { experimentReport } from '@/site/server/experiments/experiment-report';
import type { ExperimentTables } from '@/site/server/experiments/experiment-schema';
import { publicExperiments } from '@/site/server/experiments/experiment-services';
import { FunnelStore } from '@/site/server/funnel/funnel-store';
import { loadSiteFlowFiles } from '@/site/server/flows/site-flow-registry';
import { OutboxStore } from '@/site/server/leads/outbox-store';
import { experimentSite, sendFunnelEvents, storeTaggedLead } from './support/experiment-records';
import { dialects } from './support/test-databases';

const files = loadSiteFlowFiles();
const client = files.get('client')!;
const prequal = files.get('clientPrequal')!;
const booking = files.ids().find((id) => files.get(id)!.booking)!;
/** The published versions: client 1, clientPrequal 1, and the booking at its file's version. */
const published = new Map<string, ResolvedFlow>([
  ['client@1', { ...client, version: 1 }],
  ['clientPrequal@1', { ...prequal, version: 1 }],
  [`${booking}@${files.get(booking)!.version}`, files.get(booking)!],
]);
const flowAt = (flowId: string, version: number) =>
  Promise.resolve(published.get(`${flowId}@${version}`));
const newest = (flowId: string) =>
  flowId === 'client' || flowId === 'clientPrequal'
    ? published.get(`${flowId}@1`)
    : files.get(flowId);
const twoFlows = {
  name: 'Pre-qualification first',
  pagePath: '/',
  flowId: 'client',
  variants: [
    { key: 'A', version: 1, weight: 1 },
    { key: 'B', flow: 'clientPrequal', version: 1, weight: 1 },
  ],
  metricKey: 'score',
};

describe('a two-flow test as staff give it', () => {
  const form = (extra: Record<string, string>) =>
    new URLSearchParams({
      name: 'Pre-qualification first',
      page: '/',
      flow: 'client',
      'version-A': '1',
      'version-B': '1',
      ...extra,
    });

  it('reads each variant’s flow, the placed one when none is chosen', () => {
    const read = readExperimentForm(form({ 'flow-B': 'clientPrequal', metric: 'score' }));
    expect(read).toEqual({
      ok: true,
      form: {
        ...twoFlows,
        variants: [{ ...twoFlows.variants[0], flow: 'client' }, twoFlows.variants[1]],
      },
    });
    // The same version of the same flow twice is one variant, named by its field.
    expect(readExperimentForm(form({}))).toEqual({
      ok: false,
      field: 'version-B',
      message: 'Variant B: another variant already serves client version 1',
    });
    expect(readExperimentForm(form({ 'flow-B': '../x' }))).toMatchObject({
      ok: false,
      field: 'flow-B',
    });
  });

  it('refuses a booking, a flow not published and a version not published, with the reason', async () => {
    const check = (flow: string, version: number) =>
      checkVariantFlows(
        'client',
        [
          { key: 'A', version: 1 },
          { key: 'B', flow, version },
        ],
        newest,
        flowAt,
      );
    expect(await check('clientPrequal', 1)).toBeUndefined();
    const refusedBooking = await check(booking, files.get(booking)!.version);
    expect(refusedBooking).toEqual({
      field: 'flow-B',
      message: expect.stringContaining(`Variant B: ${booking} is a booking`) as string,
    });
    expect(refusedBooking!.message).toContain('choose a questionnaire');
    expect(await check('noSuchFlow', 1)).toEqual({
      field: 'flow-B',
      message: 'Variant B: noSuchFlow is not a published questionnaire',
    });
    expect(await check('clientPrequal', 9)).toEqual({
      field: 'version-B',
      message: 'Variant B: clientPrequal has no published version 9',
    });
  });
});

describe.each(dialects)('A/B tests between two flows on %s', { timeout: 60_000 }, (dialect) => {
  const at = experimentSite(dialect, twoFlows);

  it('stores each variant with its flow, and reads a row of before as the placed flow', async () => {
    const test = await at.started();
    expect((await at.store.get(test.id))!.variants).toEqual([
      { key: 'A', flow: 'client', version: 1, weight: 1 },
      { key: 'B', flow: 'clientPrequal', version: 1, weight: 1 },
    ]);
    const [audit] = await recentAudit(1, () => Promise.resolve(at.site));
    expect(audit!.detail).toBe(
      `#${test.id} Pre-qualification first: client on /, A v1 ×1, B clientPrequal v1 ×1`,
    );
    // A row as written before variants named their flow.
    const db = at.site.db.withTables<ExperimentTables>();
    const old = await db
      .insertInto('experiments')
      .values({
        name: 'Old',
        page_path: '/about',
        flow_id: 'client',
        variants: JSON.stringify([
          { key: 'A', version: 1, weight: 1 },
          { key: 'B', version: 2, weight: 3 },
        ]),
        metric_key: null,
        status: 'stopped',
        winner: null,
        promoted_over: null,
        created_at: 1,
        created_by: 'x',
        ended_at: 2,
        ended_by: 'x',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await at.store.get(Number(old.id)))!.variants).toEqual([
      { key: 'A', flow: 'client', version: 1, weight: 1 },
      { key: 'B', flow: 'client', version: 2, weight: 3 },
    ]);
  });

  it('lists each variant’s flow and opening step, and assigns visits to both', async () => {
    const test = await at.started();
    const startOf = async (flowId: string, version: number) =>
      (await flowAt(flowId, version))?.start;
    const list = await publicExperiments(await at.store.live(), () => 1, startOf);
    expect(list).toEqual({
      experiments: [
        {
          id: test.id,
          path: '/',
          flow: 'client',
          promoted: false,
          variants: [
            { key: 'A', flow: 'client', version: 1, weight: 1, start: 'phase' },
            { key: 'B', flow: 'clientPrequal', version: 1, weight: 1, start: 'amount' },
          ],
        },
      ],
    });
    const variants = list.experiments[0]!.variants;
    const assigned = Array.from({ length: 200 }, (_, i) =>
      assignVariant(test.id, `visit-${i}`, variants),
    );
    const flows = assigned.map((v) => v.flow);
    expect(flows.filter((f) => f === 'client').length).toBeGreaterThan(60);
    expect(flows.filter((f) => f === 'clientPrequal').length).toBeGreaterThan(60);
    // The same visit gets the same variant every time.
    expect(assignVariant(test.id, 'visit-7', variants)).toBe(assigned[7]);
  });

  it('counts each variant on the flow that ran; the other flow’s value is not computed, not 0', async () => {
    const test = await at.started();
    const funnel = new FunnelStore(() => Promise.resolve(at.site));
    const outbox = new OutboxStore(() => Promise.resolve(at.site));
    const registry = {
      get: (id: string) => (id === 'client' || id === 'clientPrequal' ? newest(id) : undefined),
      ids: () => ['client', 'clientPrequal'],
    };
    const send = (visit: string, flow: ResolvedFlow, variant: string, done: boolean) =>
      sendFunnelEvents(funnel, registry, {
        id: visit,
        flow,
        version: 1,
        experiment: test.id,
        variant,
        done,
      });
    const visit = (i: number) => `visit-${String(i).padStart(12, '0')}`;
    // A (client): 5 visits, 1 complete. B (clientPrequal): 3 visits, 2 complete. A B-tagged
    // visit on client (a stale tab) is no visit of B's.
    for (let i = 0; i < 5; i++) await send(visit(i), client, 'A', i < 1);
    for (let i = 5; i < 8; i++) await send(visit(i), prequal, 'B', i < 7);
    await send(visit(8), client, 'B', true);
    const storeLead = (flowId: string, variant: string, answers: Record<string, string>) =>
      storeTaggedLead(outbox, { flowId, version: 1, experiment: test.id, variant, answers });
    await storeLead('client', 'A', { phase: 'Start-up' });
    // score: 45 + 45 + 10 = 100, and 35 + 15 + 0 = 50.
    await storeLead('clientPrequal', 'B', {
      amount: '50000',
      years: 'Over 5 years',
      credit: '740-plus',
    });
    await storeLead('clientPrequal', 'B', {
      amount: '10000',
      years: '3-5 years',
      credit: 'unknown',
    });
    await storeLead('client', 'B', { phase: 'IPO & ICO' }); // the other flow: not B's lead

    const report = await experimentReport(test, () => Promise.resolve(at.site), flowAt);
    expect(
      report.map((v) => ({
        key: v.key,
        flow: v.flow,
        visits: v.visits,
        completed: v.completed,
        leads: v.leads,
        metricMean: v.metricMean,
        metricLeads: v.metricLeads,
        metricMissing: v.metricMissing,
      })),
    ).toEqual([
      {
        key: 'A',
        flow: 'client',
        visits: 5,
        completed: 1,
        leads: 1,
        metricMean: null,
        metricLeads: 0,
        metricMissing: true,
      },
      {
        key: 'B',
        flow: 'clientPrequal',
        visits: 3,
        completed: 2,
        leads: 2,
        metricMean: 75,
        metricLeads: 2,
        metricMissing: false,
      },
    ]);
    expect(report[0]!.probabilityBest + report[1]!.probabilityBest).toBeCloseTo(1, 10);
  });

  it('serves a promoted variant of the other flow to every visit until the test is stopped', async () => {
    const test = await at.started();
    const startOf = async (flowId: string, version: number) =>
      (await flowAt(flowId, version))?.start;
    const promoted = await promoteExperiment(test, 'B', 1, at.context);
    expect(promoted.ok).toBe(true);
    const [audit] = await recentAudit(1, () => Promise.resolve(at.site));
    expect(audit!.detail).toBe(
      `#${test.id} Pre-qualification first: B (clientPrequal version 1) for every visit at /`,
    );
    // The placed flow publishing version 2, then 3, does not end it.
    for (const newestOfClient of [1, 2, 3]) {
      expect(await publicExperiments(await at.store.live(), () => newestOfClient, startOf)).toEqual(
        {
          experiments: [
            {
              id: test.id,
              path: '/',
              flow: 'client',
              promoted: true,
              variants: [
                { key: 'B', flow: 'clientPrequal', version: 1, weight: 1, start: 'amount' },
              ],
            },
          ],
        },
      );
    }
    // Stopping it is the change that ends it (and is audited).
    expect((await stopExperiment((await at.store.get(test.id))!, at.context)).ok).toBe(true);
    expect(await publicExperiments(await at.store.live(), () => 3, startOf)).toEqual({
      experiments: [],
    });
    const [stopped] = await recentAudit(1, () => Promise.resolve(at.site));
    expect(stopped!.action).toBe('stopped A/B test');
  });
});
