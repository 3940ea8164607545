/** Shapes of the lead outbox, shared by the endpoint, the worker and the CLI. */
import type { HubSpotBody } from '@/engine';
import type { LeadContact } from './lead-contact';
import type { WebhookPayload } from './webhook-payload';

export type DeliveryStatus = 'pending' | 'delivered' | 'held' | 'failed';
export const deliveryStatuses: readonly DeliveryStatus[] = [
  'pending',
  'delivered',
  'held',
  'failed',
];

export interface StoredFile {
  token: string;
  field: string;
  originalName: string;
  storedName: string;
  mime: string;
  size: number;
}

/** Everything the endpoint commits for one accepted lead. */
export interface NewLead {
  id: string;
  flowId: string;
  /** The flow version the answers were validated against. */
  flowVersion?: number;
  answers: unknown;
  /** The flow's hidden values captured for the visit (UTM parameters, referrer, …); none: {}. */
  hidden?: Record<string, string>;
  /** The A/B test and variant that served the version (experiment-schema.ts); none: untagged. */
  experiment?: { id: number; variant: string };
  pageUri: string;
  pageName: string;
  hutk?: string;
  clientIp?: string;
  submittedAt: number;
  receivedAt: number;
  idempotencyKey?: string;
  submissions: { formKey: string; body: HubSpotBody }[];
  /** One delivery per webhook that takes this flow's leads: its name and the JSON it posts. */
  webhooks?: { destination: string; payload: WebhookPayload }[];
  files: StoredFile[];
}

/** A field HubSpot refused, left out of the body sent (the outbox keeps the whole body). */
export interface DroppedField {
  name: string;
  /** The value it had in the body that was refused. */
  value: string;
  /** HubSpot's error for it: its type (`FIELD_NOT_IN_FORM_DEFINITION`, …) and its message. */
  errorType: string;
  message: string;
}

/** What a delivery is sent without, and HubSpot's own answer that made the site leave it out. */
export interface FieldDrop {
  /** When HubSpot refused the fields (ms). */
  at: number;
  httpStatus: number;
  /** HubSpot's whole answer (clipped like every stored response). */
  response: string;
  fields: DroppedField[];
}

/** Where a delivery goes: HubSpot, or a webhook the firm configured (by its name). */
export const HUBSPOT_DESTINATION = 'hubspot';

export interface DeliveryRow {
  id: number;
  leadId: string;
  /** `hubspot`, or a webhook's name. */
  destination: string;
  /** The HubSpot form key; '' for a webhook. */
  formKey: string;
  /**
   * What is sent: the HubSpot body, or for a webhook its JSON payload (`WebhookPayload`, read
   * through `webhookPayloadOf`). Typed as HubSpot's, which every HubSpot consumer reads.
   */
  body: HubSpotBody;
  status: DeliveryStatus;
  holdKind: 'unconfigured' | 'provider' | null;
  attempts: number;
  nextAttemptAt: number | null;
  inDoubt: number;
  droppedContext: string[];
  /**
   * Fields left out of what is sent, after HubSpot refused them (null: none). Kept on the
   * automatic retries; a person's retry (`requeue` by lead or every held one) clears it.
   */
  droppedFields: FieldDrop | null;
  lastStatus: number | null;
  lastResponse: string | null;
  lastError: string | null;
  deliveredAt: number | null;
}

export interface LeadSummary {
  id: string;
  flowId: string;
  flowVersion: number | null;
  /** The lead's worst delivery status: failed > held > pending > delivered. */
  status: DeliveryStatus;
  submittedAt: number;
  receivedAt: number;
  pageUri: string;
  pageName: string;
  clientIp: string | null;
  attempts: number;
  lastError: string | null;
  /** The visitor's name, e-mail and phone among the answers (leadContact). */
  contact: LeadContact;
  /** When a person marked the lead handled, and who (their e-mail address). */
  handledAt: number | null;
  handledBy: string | null;
}

/** One delivery attempt as it was recorded, HubSpot's answer included. */
export interface AttemptLogRow {
  deliveryId: number;
  formKey: string;
  at: number;
  /** What the attempt left the delivery as: delivered, pending (to retry), held or failed. */
  outcome: DeliveryStatus;
  httpStatus: number | null;
  response: string | null;
  error: string | null;
}

/** What the staff's inbox filters on; every part optional. */
export interface LeadFilter {
  status?: DeliveryStatus;
  flowId?: string;
  /** Received at or after (ms). */
  from?: number;
  /** Received before (ms). */
  to?: number;
  /** Part of a name, an e-mail address or a phone number. */
  query?: string;
  /**
   * Whose leads (lead_assignments, assignment-store.ts): a staff member's e-mail address, or null
   * for the leads nobody has.
   */
  assignedTo?: string | null;
}

export interface LeadDetail extends LeadSummary {
  answers: unknown;
  hidden: Record<string, string>;
  hutk: string | null;
  deliveries: DeliveryRow[];
  files: (StoredFile & { hubspotUrl: string | null })[];
}
