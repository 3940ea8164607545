/**
 * What the lead endpoint needs of a flow beyond the registry (site/server/flows): its upload
 * fields, each with what it accepts.
 */
import { uploadFields, type ResolvedFlow } from '@/engine';
import type { UploadSpec } from './sniff-upload';

/** The flow's upload fields by answer name, with their accepted types and size limit. */
export function uploadSpecs(flow: ResolvedFlow): Map<string, UploadSpec> {
  return new Map(
    uploadFields(flow).map((field) => [
      field.name,
      { accept: field.accept, maxBytes: field.maxBytes, label: field.label },
    ]),
  );
}
