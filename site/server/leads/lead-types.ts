/** Shapes of the lead outbox, shared by the endpoint, the worker and the CLI. */
import type { HubSpotBody } from '@/engine';

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
  answers: unknown;
  /** The flow's hidden values captured for the visit (UTM parameters, referrer, …); none: {}. */
  hidden?: Record<string, string>;
  pageUri: string;
  pageName: string;
  hutk?: string;
  clientIp?: string;
  submittedAt: number;
  receivedAt: number;
  idempotencyKey?: string;
  submissions: { formKey: string; body: HubSpotBody }[];
  files: StoredFile[];
}

export interface DeliveryRow {
  id: number;
  leadId: string;
  formKey: string;
  body: HubSpotBody;
  status: DeliveryStatus;
  holdKind: 'unconfigured' | 'provider' | null;
  attempts: number;
  nextAttemptAt: number | null;
  inDoubt: number;
  droppedContext: string[];
  lastStatus: number | null;
  lastResponse: string | null;
  lastError: string | null;
  deliveredAt: number | null;
}

export interface LeadSummary {
  id: string;
  flowId: string;
  /** The lead's worst delivery status: failed > held > pending > delivered. */
  status: DeliveryStatus;
  submittedAt: number;
  receivedAt: number;
  pageUri: string;
  pageName: string;
  clientIp: string | null;
  attempts: number;
  lastError: string | null;
}

export interface LeadDetail extends LeadSummary {
  answers: unknown;
  hidden: Record<string, string>;
  hutk: string | null;
  deliveries: DeliveryRow[];
  files: (StoredFile & { hubspotUrl: string | null })[];
}
