'use client';
/**
 * The flow studio's publish dialog: what the text changes from the published version (the change
 * summary, its warnings first), the quick fixes that keep a reworded option's value, then the
 * note. Publishing is held back, as the server holds it back (publish-refusal.ts), while the text
 * is the published flow, while a form key that stops sending `email` is not confirmed with the
 * box the dialog shows then, and while the HubSpot check's findings (listed first: HubSpot will
 * refuse leads) are not confirmed with their own box, which names the consequence. The boxes are
 * mounted with the open dialog, so each opening starts unticked.
 */
import { useState } from 'react';
import type { Diagnostic } from '@/engine/client';
import type { FlowChangeSummary } from './change-summary';
import { ChangeSummaryView } from './change-summary-view';
import type { TextEdit } from './quick-fix';
import { nothingToPublish } from './same-flow';
import { PublishNote } from './studio-fields';
import { hubspotRefusalWords } from './hubspot-checks';
import { CONFIRM_FIELD, CONFIRM_LABELS, DROP_IDENTITY, HUBSPOT_REFUSALS } from './studio-form';
import styles from './studio-pages.module.css';

export interface PublishFormProps {
  flowId: string;
  /** The live version's number; absent before the first publish. */
  live?: number;
  /** What the text changes from the live version; absent before the first publish. */
  summary?: FlowChangeSummary;
  /** The text is the live flow (the engine's sameContent): there is nothing to publish. */
  unchanged: boolean;
  /** The HubSpot check's findings on the text (hubspot-checks.ts), placed in it. */
  hubspot: readonly Diagnostic[];
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
  const nothing = unchanged && live !== undefined;
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const needs = unchanged
    ? []
    : [
        ...((summary?.identity.length ?? 0) > 0 ? [DROP_IDENTITY] : []),
        ...(props.hubspot.length > 0 ? [HUBSPOT_REFUSALS] : []),
      ];
  const held = props.publishing || unchanged || needs.some((need) => !ticked.has(need));
  const tick = (need: string, on: boolean) =>
    setTicked((now) => new Set(on ? [...now, need] : [...now].filter((n) => n !== need)));
  const confirmBox = (need: string) =>
    needs.includes(need) && (
      <label className={styles.confirm}>
        <input
          type="checkbox"
          checked={ticked.has(need)}
          onChange={(event) => tick(need, event.target.checked)}
        />
        {CONFIRM_LABELS[need]}
      </label>
    );
  return (
    <form
      method="dialog"
      onSubmit={(event) => {
        event.preventDefault();
        if (held) return;
        // Every confirmation in one field (publish-refusal.ts reads each word).
        props.onPublish(needs.length > 0 ? { [CONFIRM_FIELD]: needs.join(' ') } : {});
      }}
    >
      <h2 id="publish-title">
        Publish {props.flowId} as version {(live ?? 0) + 1}
      </h2>
      {nothing && (
        <p role="alert" className={styles.problem}>
          {nothingToPublish(live)}
        </p>
      )}
      {!unchanged && props.hubspot.length > 0 && (
        <>
          <h3 id="publish-hubspot-title" className={styles.warnings}>
            HubSpot will refuse leads:
          </h3>
          <ul className={styles.warnings} aria-labelledby="publish-hubspot-title">
            {props.hubspot.map((d, i) => (
              <li key={`${d.pointer}-${i}`}>{hubspotRefusalWords(d)}</li>
            ))}
          </ul>
          {confirmBox(HUBSPOT_REFUSALS)}
        </>
      )}
      {nothing ? null : summary ? (
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
      {confirmBox(DROP_IDENTITY)}
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
