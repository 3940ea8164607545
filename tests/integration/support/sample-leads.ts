/** Valid answers for every flow, from the engine's own path explorer (the same flows the site serves). */
import { flowPaths, type FlowPath, type ResolvedFlow } from '@/engine';
import { loadSiteFlowFiles } from '@/site/server/flows/site-flow-registry';

/** The flows the lead endpoint accepts: the site's own registry, not a copy of it. */
export function siteFlows(): Readonly<Record<string, ResolvedFlow>> {
  return loadSiteFlowFiles().flows;
}

/** The paths of a flow that end in a submission. */
export function submittingPaths(flowId: string): FlowPath[] {
  const flow = siteFlows()[flowId];
  if (!flow) throw new Error(`no flow ${flowId}`);
  return flowPaths(flow).filter((path) => path.submissions.length > 0);
}

/** A minimal real PDF: file-type recognises it by its bytes. */
export const pdfBytes = () =>
  new TextEncoder().encode(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );

/** A Windows executable's header: what a file "named .pdf" may really be. */
export const exeBytes = () => {
  const bytes = new Uint8Array(256);
  bytes.set([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]);
  bytes.set([0x50, 0x45, 0x00, 0x00], 0x80);
  bytes[0x3c] = 0x80;
  return bytes;
};

/**
 * A careers application as the browser sends it (multipart: the answers of the flow's first
 * submitting path, the page, and one part per file given), from `page`.
 */
export function careersMultipart(
  files: Record<string, { bytes: Uint8Array; name: string }>,
  page: { uri: string; name: string },
): FormData {
  const path = submittingPaths('careers')[0]!;
  const answers: Record<string, unknown> = { ...path.answers };
  for (const key of ['resume_document', 'cover_letter', 'diploma_document']) delete answers[key];
  const form = new FormData();
  form.set('answers', JSON.stringify(answers));
  form.set('page', JSON.stringify(page));
  for (const [field, file] of Object.entries(files)) {
    form.set(field, new Blob([file.bytes as Uint8Array<ArrayBuffer>]), file.name);
  }
  return form;
}
