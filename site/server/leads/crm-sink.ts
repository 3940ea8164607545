/**
 * The CRM sink: where a stored lead's submissions go. `hubspot` posts to the Forms v3 API;
 * `none` (the embedded default) holds every lead until HubSpot is configured. Adapters are
 * framework-free so the server's worker and the CLI share them.
 */
import type { HubSpotBody } from '@/engine';
import type { HttpResult } from './retry-policy';

export type SinkResult =
  /** The sink cannot send this form key yet (not configured): hold until configuration changes. */
  { kind: 'unconfigured'; reason: string } | { kind: 'sent'; result: HttpResult };

export interface CrmSink {
  readonly name: 'hubspot' | 'none';
  send(formKey: string, body: HubSpotBody): Promise<SinkResult>;
  /** Uploads a stored file for a field value; undefined when not allowed (the link is used then). */
  uploadFile?(file: { name: string; mime: string; bytes: Buffer }): Promise<string | undefined>;
}

export const noneSink: CrmSink = {
  name: 'none',
  send: () =>
    Promise.resolve({
      kind: 'unconfigured',
      reason: 'HubSpot is not configured (set HUBSPOT_PORTAL_ID and HUBSPOT_FORM_<KEY>)',
    }),
};
