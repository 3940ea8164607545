/**
 * /admin/flows/{id}: the funnel of one flow for staff. Filters (a period of whole UTC days and a
 * version), the headline figures, the funnel drawn on the flow's graph with the same numbers as
 * tables, then the covering paths with the HubSpot fields each sends. Rendered on the server per
 * request, no client script; the staff guard runs before anything is read.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { requireStaff } from '@/site/server/admin/staff-guard';
import { siteRuntime } from '@/site/server/runtime/site-runtime';
import { droppedText, percent } from '@/site/server/funnel/format-funnel';
import { funnel } from '@/site/server/funnel/funnel-report';
import { CoveringPathsList } from './covering-paths-list';
import { edgeLabels } from '../studio/graph-edge-labels';
import { FlowGraph } from './flow-graph';
import { FunnelFilters } from './funnel-filters';
import { funnelQuery, periodText } from './funnel-query';
import { FunnelTable } from './funnel-table';
import { AdminFrame } from '../admin-frame';
import styles from './flow-funnel.module.css';

export const metadata: Metadata = {
  title: 'Flow funnel',
  robots: { index: false, follow: false },
};

export default async function FlowFunnelPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { id } = await params;
  const staff = await requireStaff(`/admin/flows/${encodeURIComponent(id)}`);
  const flow = (await siteRuntime().flows.fresh(0)).get(id);
  if (!flow) notFound();

  const query = funnelQuery(await searchParams, flow.version);
  const report = await funnel(
    flow,
    { version: query.version, since: query.since, until: query.until },
    siteRuntime().funnel.store,
  );
  const current = query.version === flow.version;
  const figures = [
    ['Visitors', report.visitors],
    ['Started (saw the first step)', report.started],
    ['Completed (reached an ending)', report.completed],
    ['Completion rate', percent(report.completionRate)],
  ] as const;
  const dropped = droppedText(report.dropped);

  return (
    <AdminFrame staff={staff} current="/admin/flows">
      <div className={styles.page}>
        <p>
          <Link href="/admin/flows">All flows</Link>
        </p>
        <h1>{flow.title}</h1>
        <p className={styles.lead}>
          Funnel of flow <code>{flow.id}</code>, version {report.version}
          {current ? ' (current)' : ` (the current one is ${flow.version})`}, {periodText(query)}.
        </p>

        <FunnelFilters
          action={`/admin/flows/${encodeURIComponent(id)}`}
          query={query}
          currentVersion={flow.version}
        />

        <dl className={styles.figures}>
          {figures.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {dropped && <p className={styles.note}>{`${dropped}.`}</p>}

        <h2>Steps, transitions and endings</h2>
        <p className={styles.note}>
          Each step shows the visits that saw it and left there (reached no ending, last seen
          there); each arrow, the visits that took it, wider as more did, dashed when none did. A
          red dashed outline marks a step the start does not reach or one with no way out.
          {current
            ? ''
            : ' An older version is drawn on the current flow: the tables also list what it no longer has.'}
        </p>
        <FlowGraph flow={flow} funnel={report} edgeLabels={edgeLabels(flow)} />
        <FunnelTable flow={flow} funnel={report} />

        <h2>Paths through the flow</h2>
        <p className={styles.note}>
          A few paths that together take every transition of the current version, with sample
          answers and the HubSpot fields each form key sends on that path.
        </p>
        <CoveringPathsList flow={flow} />
      </div>
    </AdminFrame>
  );
}
