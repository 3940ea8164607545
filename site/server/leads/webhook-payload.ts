/**
 * What a webhook receives for one lead, built once when the lead is stored and kept in its
 * delivery row, so every retry and replay posts the same bytes. The envelope follows the
 * Standard Webhooks shape (`type`, `timestamp`, `data`); `data` holds the answers with the
 * questions and option labels the visitor read, the hidden values, the flow and its version,
 * and the HubSpot bodies exactly as HubSpot is sent them.
 */
import type { Answers, HubSpotBody, ResolvedFlow } from '@/engine/client';
import { answerEntries } from '@/site/admin/leads/lead-answers';
import type { DeliveryRow } from './lead-types';
import { webhooksFor, type WebhookConfig } from './webhook-config';

export interface WebhookAnswer {
  /** The step that asked it. */
  step: string;
  /** The answer's name in the flow (a choice step's id, a form field's name). */
  field: string;
  /** The question or field label the visitor read. */
  question: string;
  /** The answer in the option labels the visitor read ("—" when left empty). */
  answer: string;
  /** The stored value (option values, not labels). */
  value: Answers[string] | null;
  /** An uploaded file's unguessable link. */
  fileUrl?: string;
}

export interface WebhookPayload {
  type: 'lead.created';
  /** When the lead was received (ISO 8601). */
  timestamp: string;
  data: {
    id: string;
    flow: { id: string; version: number; title: string };
    submittedAt: string;
    page: { uri: string; name: string };
    answers: WebhookAnswer[];
    /** The flow's hidden values for the visit (UTM parameters, referrer, …). */
    hidden: Record<string, string>;
    /** One body per HubSpot form key, as the HubSpot delivery sends it. */
    hubspot: { formKey: string; body: HubSpotBody }[];
  };
}

export interface WebhookLead {
  id: string;
  flow: ResolvedFlow;
  answers: Answers;
  hidden: Record<string, string>;
  page: { uri: string; name: string };
  receivedAt: number;
  submissions: { formKey: string; body: HubSpotBody }[];
  /** Links to the lead's uploaded files, by field. */
  fileLinks: Record<string, string>;
}

export function webhookPayload(lead: WebhookLead): WebhookPayload {
  const time = new Date(lead.receivedAt).toISOString();
  const answers = answerEntries(lead.flow, lead.answers, lead.fileLinks).flatMap((group) =>
    group.rows.map((row) => ({
      step: group.step,
      field: row.field,
      question: row.question,
      answer: row.answer,
      value: row.value ?? null,
      ...(row.href ? { fileUrl: row.href } : {}),
    })),
  );
  return {
    type: 'lead.created',
    timestamp: time,
    data: {
      id: lead.id,
      flow: { id: lead.flow.id, version: lead.flow.version, title: lead.flow.title },
      submittedAt: time,
      page: lead.page,
      answers,
      hidden: lead.hidden,
      hubspot: lead.submissions,
    },
  };
}

/** The deliveries a new lead makes to the webhooks that take its flow's leads. */
export function webhookDeliveries(
  webhooks: readonly WebhookConfig[],
  lead: WebhookLead,
): { destination: string; payload: WebhookPayload }[] {
  const chosen = webhooksFor(webhooks, lead.flow.id);
  if (chosen.length === 0) return [];
  const payload = webhookPayload(lead);
  return chosen.map((webhook) => ({ destination: webhook.name, payload }));
}

/** A webhook delivery's stored payload (its row's body). */
export function webhookPayloadOf(delivery: DeliveryRow): WebhookPayload {
  return delivery.body as unknown as WebhookPayload;
}
