'use client';
/**
 * The flow studio's publish dialog: what the text changes from the published version (the change
 * summary, its warnings first), the quick fixes that keep a reworded option's value, then the
 * note. Publishing is held back, as the server holds it back (publish-refusal.ts), while the text
 * is the published flow, and while a form key that stops sending `email` is not confirmed with the
 * box the dialog shows then (mounted with the open dialog, so each opening starts unticked).
 */
import { useState } from 'react';
import type { FlowChangeSummary } from './change-summary';
import { ChangeSummaryView } from './change-summary-view';
import type { TextEdit } from './quick-fix';
import { nothingToPublish } from './same-flow';
import { PublishNote } from './studio-fields';
import { CONFIRM_FIELD, DROP_IDENTITY } from './studio-form';
import styles from './studio-pages.module.css';

export interface PublishFormProps {
  flowId: string;
  /** The live version's number; absent before the first publish. */
  live?: number;
  /** What the text changes from the live version; absent before the first publish. */
  summary?: FlowChangeSummary;
  /** The text is the live flow (the engine's sameContent): there is nothing to publish. */
  unchanged: boolean;
  /** The quick fixes of the summary's reworded options (value-changes.ts). */
  fixes: TextEdit[];
  onFix: (edit: TextEdit) => void;
  note: string;
  onNote: (note: string) => void;
  /** Sends the publish with the form's extra fields (the confirmation, when ticked). */
  onPublish: (fields: Record<string, string>) => void;
  publishing: boolean;
  error: string | null;
  onCancel: () => void;
}

export function PublishForm(props: PublishFormProps) {
  const { summary, unchanged, live } = props;
  const [dropIdentity, setDropIdentity] = useState(false);
  const mustConfirm = !unchanged && (summary?.identity.length ?? 0) > 0;
  const held = props.publishing || unchanged || (mustConfirm && !dropIdentity);
  return (
    <form
      method="dialog"
      onSubmit={(event) => {
        event.preventDefault();
        if (held) return;
        props.onPublish(mustConfirm ? { [CONFIRM_FIELD]: DROP_IDENTITY } : {});
      }}
    >
      <h2 id="publish-title">
        Publish {props.flowId} as version {(live ?? 0) + 1}
      </h2>
      {unchanged && live !== undefined ? (
        <p role="alert" className={styles.problem}>
          {nothingToPublish(live)}
        </p>
      ) : summary ? (
        <ChangeSummaryView summary={summary} />
      ) : (
        <p>This is the flow&apos;s first version.</p>
      )}
      {props.fixes.length > 0 && (
        <div className={styles.actions}>
          {props.fixes.map((fix) => (
            <button key={fix.from} type="button" onClick={() => props.onFix(fix)}>
              {fix.title}
            </button>
          ))}
        </div>
      )}
      {mustConfirm && (
        <label className={styles.confirm}>
          <input
            type="checkbox"
            checked={dropIdentity}
            onChange={(event) => setDropIdentity(event.target.checked)}
          />
          I understand HubSpot will no longer be able to identify these contacts
        </label>
      )}
      <PublishNote value={props.note} onChange={props.onNote} />
      {props.error && (
        <p role="alert" className={styles.problem}>
          {props.error}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={held}>
          {props.publishing ? 'Publishing…' : 'Publish now'}
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
