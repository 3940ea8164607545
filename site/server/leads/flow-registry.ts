/**
 * What the lead endpoint needs of a flow beyond the registry (site/server/flows): its upload
 * fields, each with what it accepts.
 */
import type { ResolvedFlow } from '@/engine';
import type { UploadSpec } from './sniff-upload';

/** The flow's upload fields by answer name, with their accepted types and size limit. */
export function uploadSpecs(flow: ResolvedFlow): Map<string, UploadSpec> {
  const specs = new Map<string, UploadSpec>();
  for (const step of flow.steps) {
    if (step.kind === 'choice') continue;
    for (const field of step.fields) {
      if (field.type === 'file') {
        specs.set(field.name, {
          accept: field.accept,
          maxBytes: field.maxBytes,
          label: field.label,
        });
      }
    }
  }
  return specs;
}
