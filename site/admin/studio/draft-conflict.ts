/**
 * A conflict, as the studio's actions answer it and its pages read it: a 409 with the error
 * envelope (`{errors: [{field, message}]}`) and `conflict`, the flow's text now (whose, since
 * when, at which revision and version) and, when the server still has it, the text the editor
 * started from. Shared by the server and the browser: it only describes.
 */
import { formatUtcMinute } from '@/site/format/format-date';
import type { DraftOp, FlowHead } from '@/site/server/flows/draft-revision';

export interface DraftConflict extends FlowHead {
  /** The text the editor started from, when it was a published version (drafts are not kept). */
  base?: string;
  /** The newest published version, when it is not the editor's and `source` is a draft. */
  live?: { version: number; source: string };
}

/** What happened to the flow since the editor's base, in a few words. */
export function conflictHeadline(head: FlowHead): string {
  const who = head.author || 'Someone';
  if (head.kind === 'draft')
    return `${who} saved the draft at ${formatUtcMinute(head.savedAt ?? null)} (revision ${head.revision})`;
  if (head.kind === 'published')
    return `${who} published version ${head.version} at ${formatUtcMinute(head.publishedAt ?? null)}`;
  return `${who} discarded the draft at ${formatUtcMinute(head.savedAt ?? null)}`;
}

const notDone: Record<DraftOp, string> = {
  save: 'your draft was not saved',
  publish: 'nothing was published',
  discard: 'the draft was not discarded',
};

/** The refusal's message: what happened since, and what was not done. */
export function conflictMessage(head: FlowHead, op: DraftOp): string {
  return `${conflictHeadline(head)} after your text was loaded: ${notDone[op]}`;
}

/** The `conflict` of a refusal's body, when it is one. */
export function conflictOf(body: unknown): DraftConflict | undefined {
  const conflict = (body as { conflict?: Partial<DraftConflict> } | null)?.conflict;
  if (
    !conflict ||
    typeof conflict.source !== 'string' ||
    typeof conflict.revision !== 'number' ||
    typeof conflict.version !== 'number'
  )
    return undefined;
  return conflict as DraftConflict;
}
