/**
 * Saved progress with consent, as the visitor sees it: on the step that asks their e-mail
 * address, an unticked box with the flow's own words; once their answers are kept, "E-mail me a
 * link to finish later" and "Forget my answers". A view without hooks, like the other step views.
 */
export interface SaveProgressBoxProps {
  flowId: string;
  /** The box's words (the flow's `saveProgress.consent`); no box when undefined. */
  consent?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Whether answers are kept on the server now (shows "Forget my answers"). */
  kept: boolean;
  onForget: () => void;
  /** "E-mail me a link to finish later" (shown once answers are kept). */
  onEmailLink: () => void;
  /** A link is being asked for: the button waits. */
  linkPending: boolean;
  /** What the last action did, announced politely. */
  status: string;
}

export function SaveProgressBox(props: SaveProgressBoxProps) {
  const id = `${props.flowId}-save-progress`;
  return (
    <div className="flow-save-progress">
      {props.consent !== undefined ? (
        <div className="field field--consent">
          <input
            id={id}
            type="checkbox"
            className="field__check"
            checked={props.checked}
            onChange={(event) => props.onChange(event.currentTarget.checked)}
          />
          <label className="field__label" htmlFor={id}>
            {props.consent}
          </label>
        </div>
      ) : null}
      {props.kept ? (
        <div className="flow-save-progress__actions">
          <button
            type="button"
            className="button button--ghost"
            onClick={props.onEmailLink}
            disabled={props.linkPending}
            aria-busy={props.linkPending || undefined}
          >
            {props.linkPending ? 'Sending the link…' : 'E-mail me a link to finish later'}
          </button>
          <button type="button" className="button button--ghost" onClick={props.onForget}>
            Forget my answers
          </button>
        </div>
      ) : null}
      <p role="status" className="flow-save-progress__status">
        {props.status}
      </p>
    </div>
  );
}
