/**
 * The leads as CSV (RFC 4180), one row per lead, for people to open in a spreadsheet: who the
 * lead is from, where it stands (status, assignee, handled, each destination's status), and each
 * answer under the question the visitor read, in the option labels they read (lead-answers.ts,
 * as on the lead's page and in webhooks), read with the flow version the visitor answered. A lead
 * whose version the catalogue no longer holds keeps its raw values, headed by their keys. The
 * columns are described in lead-csv-columns.ts.
 */
import type { Answers, ResolvedFlow } from '@/engine';
import { answerEntries } from '@/site/admin/leads/lead-answers';
import type { AssignmentStore } from './assignment-store';
import {
  answerKey,
  CsvColumns,
  destinationKey,
  hiddenKey,
  type FixedColumn,
} from './lead-csv-columns';
import type { LeadFlows } from './lead-services';
import type { LeadStore } from './lead-store';
import { HUBSPOT_DESTINATION } from './lead-types';
import type { DeliveryRow, LeadDetail, LeadFilter, LeadSummary } from './lead-types';

/** A multiple choice's labels are joined with "; ": the labels themselves hold commas. */
const LIST = '; ';

/** What the export reads: the leads, the flows at each lead's version, who each lead is with. */
export interface LeadsCsvSources {
  store: LeadStore;
  flows: LeadFlows;
  assignments: Pick<AssignmentStore, 'assignmentsOf'>;
}

/** Quotes a cell; a leading = + - @ is neutralised so a spreadsheet never runs a visitor's text. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n']/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A destination's column: HubSpot's form key, or `webhook:<name>`. */
function destinationName(delivery: DeliveryRow): string {
  return delivery.destination === HUBSPOT_DESTINATION
    ? delivery.formKey
    : `webhook:${delivery.destination}`;
}

/** `delivered`, and the fields HubSpot refused: `delivered (without gclid, utm_source)`. */
function deliveryCell(delivery: DeliveryRow): string {
  const dropped = delivery.droppedFields?.fields.map((field) => field.name).join(', ');
  return dropped ? `${delivery.status} (without ${dropped})` : delivery.status;
}

/** A stored value as it is, for a lead read without its flow. */
function rawCell(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join(LIST);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  return typeof value === 'number' ? String(value) : (JSON.stringify(value) ?? '');
}

const iso = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString());

/** Every lead, or those a filter keeps (oldest first either way). */
async function summaries(store: LeadStore, filter?: LeadFilter): Promise<LeadSummary[]> {
  if (!filter) return store.listLeads();
  return (await store.searchLeads(filter)).leads.reverse();
}

/** One lead's cells by column key; registers the columns it needs. */
function leadCells(
  lead: LeadDetail,
  flow: ResolvedFlow | undefined,
  assignee: string | null,
  columns: CsvColumns,
): Map<string, string> {
  const fixed: Record<FixedColumn, string> = {
    flow: lead.flowId,
    version: lead.flowVersion === null ? '' : String(lead.flowVersion),
    id: lead.id,
    submitted: iso(lead.submittedAt),
    received: iso(lead.receivedAt),
    status: lead.status,
    assignee: assignee ?? '',
    handledAt: iso(lead.handledAt),
    handledBy: lead.handledBy ?? '',
    name: lead.contact.name ?? '',
    email: lead.contact.email ?? '',
    phone: lead.contact.phone ?? '',
  };
  const cells = new Map<string, string>(Object.entries(fixed));
  const answers = (lead.answers ?? {}) as Answers;
  if (flow) {
    columns.addFlow(lead.flowId, flow);
    for (const group of answerEntries(flow, answers, {}, LIST)) {
      for (const row of group.rows) {
        // Left blank rather than the page's "—" (an unticked box stays "No").
        const blank = row.value === undefined || row.value === '';
        cells.set(answerKey(lead.flowId, row.field), blank ? '' : row.answer);
      }
    }
  } else {
    columns.addRawKeys(lead.flowId, Object.keys(answers));
    for (const [key, value] of Object.entries(answers)) {
      cells.set(answerKey(lead.flowId, key), rawCell(value));
    }
  }
  columns.addHidden(Object.keys(lead.hidden));
  for (const [name, value] of Object.entries(lead.hidden)) cells.set(hiddenKey(name), value);
  for (const delivery of lead.deliveries) {
    const name = destinationName(delivery);
    columns.addDestination(name);
    cells.set(destinationKey(name), deliveryCell(delivery));
  }
  cells.set('page', lead.pageUri);
  return cells;
}

/** How many leads' assignments are read in one query (under every database's parameter limit). */
const SLICE = 500;

export async function leadsToCsv(sources: LeadsCsvSources, filter?: LeadFilter): Promise<string> {
  const { store, flows, assignments } = sources;
  const columns = new CsvColumns();
  // Each flow version is looked up once, however many leads answered it.
  const definitions = new Map<string, Promise<ResolvedFlow | undefined>>();
  const definition = (flowId: string, version: number | null) => {
    const key = `${flowId}@${version ?? 'newest'}`;
    if (!definitions.has(key)) definitions.set(key, flows.flow(flowId, version ?? undefined));
    return definitions.get(key)!;
  };
  // The header depends on every lead (their flows, hidden values, destinations), so the rows
  // are kept as cells until all are read; each lead is loaded once, as before.
  const rows: Map<string, string>[] = [];
  const all = await summaries(store, filter);
  for (let start = 0; start < all.length; start += SLICE) {
    const slice = all.slice(start, start + SLICE);
    const assigned = await assignments.assignmentsOf(slice.map((summary) => summary.id));
    for (const summary of slice) {
      const lead = await store.getLead(summary.id);
      if (!lead) continue;
      const flow = await definition(lead.flowId, lead.flowVersion);
      const assignee = assigned.get(lead.id)?.assignee ?? null;
      rows.push(leadCells(lead, flow, assignee, columns));
    }
  }
  const order = columns.columns();
  const lines = [
    order.map((column) => csvCell(column.header)).join(','),
    ...rows.map((cells) => order.map((column) => csvCell(cells.get(column.key))).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
