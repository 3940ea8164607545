'use client';
/**
 * The resume page's actions. "Continue where I stopped" spends the link (POST /api/resume),
 * puts the answers and the new key in this tab's session storage, as the questionnaire keeps
 * its own progress, and opens the page it was answered on: the questionnaire there resumes at
 * the step, on the version answered. "Delete my answers" deletes them instead.
 */
import Link from 'next/link';
import { useEffect, useState } from 'react';
import styles from '@/site/pages/panel-pages.module.css';
import { hasSavedProgress, partialHandleKey, progressStorageKey } from '../progress-key';

interface Opened {
  flowId: string;
  version: number;
  step: string;
  history: string[];
  answers: Record<string, unknown>;
  partial: { id: string; key: string };
  path: string;
}

interface Refusal {
  message: string;
  /** Whether the message came after an action (announced) rather than with the page. */
  announce?: boolean;
  restart: string;
  state: string;
  flowId?: string;
}

async function post(token: string, action: 'open' | 'delete') {
  const response = await fetch('/api/resume', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token, action }),
    credentials: 'same-origin',
  });
  const body = (await response.json().catch(() => ({}))) as Partial<Opened> & {
    errors?: { message?: string }[];
    restart?: string;
    state?: string;
  };
  return { response, body };
}

function keep(opened: Opened) {
  const { flowId, version, step, history, answers, partial } = opened;
  sessionStorage.setItem(
    progressStorageKey(flowId),
    JSON.stringify({ flowId, version, step, history, answers }),
  );
  sessionStorage.setItem(partialHandleKey(flowId), JSON.stringify(partial));
}

export function ResumeActions({ token }: { token: string }) {
  const [busy, setBusy] = useState<'open' | 'delete' | null>(null);
  const [problem, setProblem] = useState('');
  const [refused, setRefused] = useState<Refusal | null>(null);
  const [deleted, setDeleted] = useState(false);

  const act = async (action: 'open' | 'delete') => {
    setBusy(action);
    setProblem('');
    try {
      const { response, body } = await post(token, action);
      if (response.ok && action === 'open') {
        keep(body as Opened);
        // The page it was answered on resumes the questionnaire; Back does not return to a
        // spent link.
        window.location.replace(body.path ?? '/');
        return;
      }
      if (response.ok) {
        setDeleted(true);
      } else if (response.status === 410) {
        setRefused({
          announce: true,
          message: body.errors?.[0]?.message ?? 'This link no longer works.',
          restart: body.restart ?? '/',
          state: body.state ?? 'invalid',
          flowId: typeof body.flowId === 'string' ? body.flowId : undefined,
        });
      } else {
        setProblem(body.errors?.[0]?.message ?? 'Something went wrong; please try again.');
      }
    } catch {
      setProblem('The site could not be reached: check your connection and try again.');
    }
    setBusy(null);
  };

  if (deleted) {
    return (
      <p role="status">
        Your answers are deleted. <Link href="/">Back to the home page</Link>
      </p>
    );
  }
  if (refused) return <ResumeRefused {...refused} />;
  return (
    <>
      <div className={styles.actions}>
        <button
          type="button"
          className="button"
          onClick={() => void act('open')}
          disabled={busy !== null}
          aria-busy={busy === 'open' || undefined}
        >
          {busy === 'open' ? 'Opening your answers…' : 'Continue where I stopped'}
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void act('delete')}
          disabled={busy !== null}
          aria-busy={busy === 'delete' || undefined}
        >
          {busy === 'delete' ? 'Deleting…' : 'Delete my answers'}
        </button>
      </div>
      {problem ? (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      ) : null}
    </>
  );
}

/**
 * A link that cannot open the answers: why, in plain words, and a way to start again. A tab
 * that already opened them (a reload after "Continue") is offered to go on instead.
 */
export function ResumeRefused(props: Refusal) {
  const [openHere, setOpenHere] = useState(false);
  useEffect(() => {
    // Session storage exists only in the browser, so this read belongs in an effect.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (props.state === 'used' && props.flowId) setOpenHere(hasSavedProgress(props.flowId));
  }, [props.state, props.flowId]);
  return (
    <>
      {/* Announced when it replaces the page's buttons; read with the page when it comes with it. */}
      <p role={props.announce ? 'alert' : undefined}>{props.message}</p>
      {openHere ? (
        <p>
          Your answers are open in this tab: <a href={props.restart}>go on where you stopped</a>.
        </p>
      ) : (
        <p className={styles.actions}>
          <a className="button" href={props.restart}>
            Start again
          </a>
        </p>
      )}
    </>
  );
}
