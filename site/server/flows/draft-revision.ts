/**
 * Which text an editor's save, publish or discard was based on, and when that base is stale: the
 * rule the store applies inside the write's transaction (flow-version-store.ts), written once
 * and free of SQL, so the studio's actions can ask it before their own checks too.
 *
 * A flow's state is its newest published version `L` (0: none) and its draft's revision `R` (0:
 * no draft). An editor names the state it loaded or last wrote, `{version, revision}`:
 * - a save is taken when it continues the draft (`revision = R`), or starts one from the newest
 *   version when there is none (`revision = 0`, `version = L`);
 * - a publish only from the state as it is (`version = L`, `revision = R`);
 * - a discard when it drops the draft the editor knows (`revision = R`).
 * Revisions are never reused for a flow, so equal numbers mean the same text.
 */

/** What an editor's text started from. */
export interface DraftBase {
  /** The published version (0: the flow was never published). */
  version: number;
  /** The draft revision (0: the published text, no draft). */
  revision: number;
}

export type DraftOp = 'save' | 'publish' | 'discard';

/**
 * The flow's text now, answered to an editor whose base is stale: the draft someone saved, the
 * version someone published, or the published text someone went back to by discarding the draft.
 */
export interface FlowHead {
  kind: 'draft' | 'published' | 'discarded';
  /** Their text: the draft, or the newest published version ('' when there is none). */
  source: string;
  /** Who saved the draft, published the version, or discarded the draft. */
  author: string;
  /** When the draft was saved or discarded (`draft`, `discarded`); ms since the epoch. */
  savedAt?: number;
  /** When the version was published (`published`); ms since the epoch. */
  publishedAt?: number;
  /** The draft's revision now (0: no draft). */
  revision: number;
  /** The newest published version now (0: none). */
  version: number;
}

/** A flow's state as the store reads it inside the write. */
export interface DraftState {
  latest?: { version: number; source: string; author: string; publishedAt: number };
  /** The flow's draft row, live or `discarded` (kept for its revision number). */
  draft?: {
    source: string;
    author: string;
    savedAt: number;
    revision: number;
    discarded: boolean;
  };
}

/** The head an editor must see first, when `op` from `base` would overwrite it; else undefined. */
export function staleHead(op: DraftOp, base: DraftBase, state: DraftState): FlowHead | undefined {
  const version = state.latest?.version ?? 0;
  const live = state.draft && !state.draft.discarded ? state.draft : undefined;
  const revision = live?.revision ?? 0;
  const taken =
    op === 'save'
      ? live
        ? base.revision === revision
        : base.revision === 0 && base.version === version
      : op === 'publish'
        ? base.revision === revision && base.version === version
        : base.revision === revision;
  if (taken) return undefined;
  if (live && base.revision !== revision) {
    const { source, author, savedAt } = live;
    return { kind: 'draft', source, author, savedAt, revision, version };
  }
  const latest = state.latest;
  if (latest && (base.version !== version || !state.draft)) {
    const { source, author, publishedAt } = latest;
    return { kind: 'published', source, author, publishedAt, revision, version };
  }
  // The draft the editor continued was dropped, and the flow is back to its published text.
  return {
    kind: 'discarded',
    source: latest?.source ?? '',
    author: state.draft?.author ?? '',
    savedAt: state.draft?.savedAt,
    revision,
    version,
  };
}
