/** The outbox as CSV (RFC 4180), one row per lead, for spreadsheets. */
import type { LeadStore } from './lead-store';
import type { DeliveryRow, LeadFilter, LeadSummary } from './lead-types';

/** Quotes a cell; a leading = + - @ is neutralised so a spreadsheet never runs a visitor's text. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n']/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** `contact:delivered`, and the fields HubSpot refused: `contact:delivered(without:gclid)`. */
function deliveryCell(delivery: DeliveryRow): string {
  const dropped = delivery.droppedFields?.fields.map((field) => field.name).join(',');
  const name =
    delivery.destination === 'hubspot' ? delivery.formKey : `webhook:${delivery.destination}`;
  return `${name}:${delivery.status}${dropped ? `(without:${dropped})` : ''}`;
}

/** Every lead, or those a filter keeps (oldest first either way). */
async function summaries(store: LeadStore, filter?: LeadFilter): Promise<LeadSummary[]> {
  if (!filter) return store.listLeads();
  return (await store.searchLeads(filter)).leads.reverse();
}

export async function leadsToCsv(store: LeadStore, filter?: LeadFilter): Promise<string> {
  const header = [
    'id',
    'flow',
    'status',
    'submitted_at',
    'received_at',
    'page_uri',
    'page_name',
    'client_ip',
    'attempts',
    'last_error',
    'deliveries',
    'answers',
  ];
  const rows = [header.join(',')];
  for (const summary of await summaries(store, filter)) {
    const lead = await store.getLead(summary.id);
    if (!lead) continue;
    rows.push(
      [
        lead.id,
        lead.flowId,
        lead.status,
        new Date(lead.submittedAt).toISOString(),
        new Date(lead.receivedAt).toISOString(),
        lead.pageUri,
        lead.pageName,
        lead.clientIp,
        lead.attempts,
        lead.lastError,
        lead.deliveries.map(deliveryCell).join(' '),
        JSON.stringify(lead.answers),
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${rows.join('\r\n')}\r\n`;
}
