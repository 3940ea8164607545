/**
 * `npm run leads -- <command>`: the operator's view of the lead outbox (same database as the
 * server, `LEADS_DB`).
 *   list [--status pending|delivered|held|failed] [--json]
 *   show <id>                   the lead as JSON; on stderr, the fields HubSpot refused
 *   retry <id> | --all-held     re-queue, then attempt delivery right away from this process
 *   replay <id> --to <destination>
 *                               send one lead again to one destination (hubspot or a webhook's
 *                               name), whatever became of it before
 *   export --csv                every lead as CSV on stdout, a column per question (leads-csv.ts)
 *   stats
 *   funnel <flowId> [--since YYYY-MM-DD] [--version N] [--json]
 *                               steps seen, transitions taken, where visits left (flow events),
 *                               of the live version (or published version N) in the database;
 *                               says which version and source it describes
 */
import { didYouMean } from '@/engine';
import { parseUtcDay } from '@/site/format/format-date';
import { describedAs, describedFlows } from '@/site/server/flows/described-flows';
import { formatFunnel } from '@/site/server/funnel/format-funnel';
import { funnel } from '@/site/server/funnel/funnel-report';
import {
  deliveryStatuses,
  HUBSPOT_DESTINATION,
  type DeliveryRow,
  type DeliveryStatus,
} from '@/site/server/leads/lead-types';
import type { LeadStore } from '@/site/server/leads/lead-store';
import { leadsToCsv } from '@/site/server/leads/leads-csv';
import { siteRuntime } from '@/site/server/runtime/site-runtime';

const runtime = siteRuntime();

const usage = `usage: npm run leads -- <command>
  list [--status pending|delivered|held|failed] [--json]
  show <id>
  retry <id> | --all-held
  replay <id> --to <destination>
  export --csv
  stats
  funnel <flowId> [--since YYYY-MM-DD] [--version N] [--json]`;

const iso = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString());

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

async function retry(store: LeadStore, args: string[]) {
  const target = args[0];
  if (!target) fail(usage);
  const requeued =
    target === '--all-held'
      ? await store.requeue({ allHeld: true })
      : await store.requeue({ leadId: target });
  if (target !== '--all-held' && !(await store.getLead(target))) fail(`no lead ${target}`);
  console.log(`${requeued} delivery(ies) re-queued`);
  // Attempt now, so a fixed configuration shows its effect at once (a running server would
  // also pick them up; leases keep the two from sending one delivery twice).
  const attempted = await runtime.worker.deliverNow(
    target === '--all-held' ? undefined : [target],
    requeued,
  );
  if (target !== '--all-held') {
    for (const delivery of await store.deliveriesOf(target)) {
      console.log(
        `${deliveryName(delivery)}: ${delivery.status}${delivery.lastError ? ` (${delivery.lastError})` : ''}`,
      );
    }
  }
  const stats = await store.stats();
  console.log(
    `attempted ${attempted}; deliveries now: ${Object.entries(stats.deliveries)
      .map(([status, n]) => `${status} ${n}`)
      .join(', ')}`,
  );
}

/** A delivery as the operator names it: HubSpot's form key, or `webhook <name>`. */
const deliveryName = (delivery: DeliveryRow) =>
  delivery.destination === HUBSPOT_DESTINATION
    ? delivery.formKey
    : `webhook ${delivery.destination}`;

/** Sends one lead again to one destination, delivered or not, and says how it went. */
async function replay(store: LeadStore, args: string[]) {
  const [leadId, flag, destination] = args;
  if (!leadId || flag !== '--to' || !destination) fail(usage);
  const lead = await store.getLead(leadId);
  if (!lead) fail(`no lead ${leadId}`);
  const served = runtime.worker.destinations();
  if (!served.includes(destination)) {
    fail(
      `"${destination}" is not a configured destination; this site sends to ${served.join(', ')}. ${didYouMean(destination, served)}`.trim(),
    );
  }
  const requeued = await store.requeue({ replay: true, leadId, destination });
  if (requeued === 0) fail(`lead ${leadId} has no delivery to ${destination}`);
  await runtime.worker.deliverNow([leadId], requeued, destination);
  let failed = false;
  for (const delivery of await store.deliveriesOf(leadId)) {
    if (delivery.destination !== destination) continue;
    failed ||= delivery.status !== 'delivered';
    console.log(
      `${deliveryName(delivery)}: ${delivery.status}${delivery.lastError ? ` (${delivery.lastError})` : ''}`,
    );
  }
  if (failed) process.exitCode = 1;
}

/** `YYYY-MM-DD` as the UTC midnight starting that day, or a full ISO time as that instant. */
function parseSince(text: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) {
    return parseUtcDay(text);
  }
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
}

async function funnelReport(args: string[]) {
  const [flowId, ...rest] = args;
  if (!flowId || flowId.startsWith('--')) fail(usage);
  const described = await describedFlows();
  const { registry } = described;
  const newest = registry.get(flowId);
  if (!newest) fail(`There is no flow "${flowId}". ${didYouMean(flowId, registry.ids())}`.trim());
  let since: number | undefined;
  let flow = newest;
  let json = false;
  for (let i = 0; i < rest.length; i++) {
    const option = rest[i];
    if (option === '--json') json = true;
    else if (option === '--since') {
      const value = rest[++i] ?? '';
      since = parseSince(value);
      if (since === undefined)
        fail(`--since must be a date as YYYY-MM-DD (or an ISO time), not "${value}"`);
    } else if (option === '--version') {
      const value = rest[++i] ?? '';
      const version = /^[1-9][0-9]*$/.test(value) ? Number(value) : 0;
      const found = version > 0 ? await described.version(flowId, version) : undefined;
      if (!found) {
        const versions = await described.versionsOf(flowId);
        fail(
          `--version must be a version of flow "${flowId}" in ${described.source}, ` +
            `${versions[0]} to ${versions.at(-1)}, not "${value}"`,
        );
      }
      flow = found;
    } else fail(usage);
  }
  // The version's own steps and transitions: a funnel of version N is drawn on version N.
  console.error(`funnel of ${describedAs(flow, described.source)}`);
  const report = await funnel(flow, { version: flow.version, since }, runtime.funnel.store);
  if (json) console.log(JSON.stringify(report, null, 2));
  else process.stdout.write(formatFunnel(report));
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  const { store } = runtime.leads;
  switch (command) {
    case 'list': {
      const statusIndex = args.indexOf('--status');
      const status = statusIndex >= 0 ? args[statusIndex + 1] : undefined;
      if (status !== undefined && !deliveryStatuses.includes(status as DeliveryStatus)) {
        fail(`--status must be one of ${deliveryStatuses.join(', ')}`);
      }
      const leads = await store.listLeads({ status: status as DeliveryStatus | undefined });
      if (args.includes('--json')) {
        console.log(JSON.stringify(leads, null, 2));
        return;
      }
      for (const lead of leads) {
        console.log(
          [
            lead.id,
            lead.flowId,
            lead.status.padEnd(9),
            iso(lead.submittedAt),
            `attempts=${lead.attempts}`,
            lead.lastError ?? '',
          ]
            .join('  ')
            .trimEnd(),
        );
      }
      console.log(`${leads.length} lead(s)`);
      return;
    }
    case 'show': {
      const lead = args[0] ? await store.getLead(args[0]) : undefined;
      if (!lead) fail(args[0] ? `no lead ${args[0]}` : usage);
      console.log(JSON.stringify(lead, null, 2));
      // The JSON has it all (deliveries[].droppedFields); the fields HubSpot refused are also
      // said in words, beside it, for the person reading.
      for (const delivery of lead.deliveries) {
        const drop = delivery.droppedFields;
        if (!drop) continue;
        const how = delivery.status === 'delivered' ? 'delivered' : 'sent';
        for (const field of drop.fields) {
          console.error(
            `${delivery.formKey}: ${how} without ${field.name} = ${JSON.stringify(field.value)}; HubSpot ${drop.httpStatus} ${field.errorType}: ${field.message}`,
          );
        }
      }
      return;
    }
    case 'retry':
      return retry(store, args);
    case 'replay':
      return replay(store, args);
    case 'export':
      if (!args.includes('--csv')) fail(usage);
      process.stdout.write(
        await leadsToCsv({ store, flows: runtime.flows, assignments: runtime.assignments }),
      );
      return;
    case 'stats': {
      const stats = await store.stats();
      console.log(
        JSON.stringify(
          {
            ...stats,
            oldestPendingAt: stats.oldestPendingAt === null ? null : iso(stats.oldestPendingAt),
          },
          null,
          2,
        ),
      );
      return;
    }
    case 'funnel':
      return funnelReport(args);
    default:
      fail(usage);
  }
}

try {
  await main();
} finally {
  // A PostgreSQL pool would keep the process alive; the SQLite file is closed cleanly.
  await runtime.close();
}
