/**
 * Before a delivery that carries links to stored files goes out, each of its lead's files is
 * uploaded once to HubSpot Files when the sink can (a token with the `files` scope); the field
 * then carries HubSpot's URL. When the upload is refused the field keeps our unguessable link,
 * and the refusal is remembered so the upload is not retried on every attempt.
 */
import type { CrmSink } from './crm-sink';
import { fileLink, type FileStorage } from './file-storage';
import type { DeliveryRow } from './lead-types';
import type { LeadStore } from './lead-store';

export function createFileResolver(store: LeadStore, storage: FileStorage, siteUrl: string) {
  return async (delivery: DeliveryRow, sink: CrmSink): Promise<Record<string, string>> => {
    if (!sink.uploadFile) return {};
    const values = new Set(delivery.body.fields.map((field) => field.value));
    const replacements: Record<string, string> = {};
    for (const file of await store.filesOf(delivery.leadId)) {
      const link = fileLink(siteUrl, file.token);
      if (!values.has(link)) continue;
      let url = file.hubspotUrl;
      if (url === null) {
        const bytes = await storage.read(file.storedName);
        url = (await sink.uploadFile({ name: file.originalName, mime: file.mime, bytes })) ?? '';
        await store.setFileHubspotUrl(file.token, url); // '' = refused: keep using our link
      }
      if (url) replacements[link] = url;
    }
    return replacements;
  };
}
