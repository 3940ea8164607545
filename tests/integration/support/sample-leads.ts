/** Valid answers for every flow, from the engine's own path explorer (the same flows the site serves). */
import { flowPaths, type FlowPath, type ResolvedFlow } from '@/engine';
import { siteFlowRegistry } from '@/site/server/flows/site-flow-registry';

/** The flows the lead endpoint accepts: the site's own registry, not a copy of it. */
export function siteFlows(): Readonly<Record<string, ResolvedFlow>> {
  return siteFlowRegistry().flows;
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
