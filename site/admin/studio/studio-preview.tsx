'use client';
/**
 * The flow studio's preview: the visitors' own renderer (FlowMachineView, as FlowRenderer runs it
 * on the site) on the flow being edited, in a frame as wide as a phone (390 px) or a desktop
 * (1366 px, scaled down to fit the panel). The flow's styles (flows.css) have no viewport media
 * queries, so the frame's width is the width the flow lays out in. "Start at" opens any step with
 * the answers of a covering path that reaches it.
 *
 * Nothing leaves the page: through the renderer's `preview` seam a submitting ending shows the
 * bodies HubSpot would receive instead of posting a lead, and no funnel event is sent nor redirect
 * followed; with `persist` and `resumable` off no progress is written to session storage (which
 * the public site shares on this origin) and no history entry is pushed. A new flow (the text
 * loaded again) starts the preview afresh. The flow's computed values are shown as the answers
 * change. Memoised on the flow, as the paths are: the page
 * re-renders on every keystroke, the flow only when the text loads again.
 */
import { memo, useId, useMemo, useState } from 'react';
import {
  computeValues,
  coveringPaths,
  endingHref,
  findEnding,
  pathSubmissions,
  type Answers,
  type ComputedResult,
  type PathSubmission,
  type ResolvedFlow,
} from '@/engine/client';
import { FlowMachineView } from '@/site/flows/flow-machine-view';
import { SubmissionTables } from '../flows/submission-tables';
import { previewStart } from './preview-start';
import { useFitScale } from './use-fit-scale';
import styles from './studio.module.css';

const WIDTHS = { phone: 390, desktop: 1366 } as const;
type Width = keyof typeof WIDTHS;

/** One run of the preview: its key (a fresh machine each), what it sent, the ending it reached. */
interface Run {
  flow: ResolvedFlow;
  key: number;
  sent: PathSubmission[];
  ending: string | null;
}

/** What the run would have done on the live site, once it reached an ending. */
function WouldSend({ flow, run }: { flow: ResolvedFlow; run: Run }) {
  const ending = run.ending === null ? undefined : findEnding(flow, run.ending);
  if (!ending) return null;
  const href = endingHref(ending);
  return (
    <div className={styles.sends}>
      <p role="status">
        {run.sent.length > 0
          ? 'In the live site this would send:'
          : 'In the live site this ending sends nothing to HubSpot.'}
      </p>
      {run.sent.map((submission) => (
        <SubmissionTables
          key={submission.formKey}
          flow={flow}
          submission={submission}
          sender="the preview"
        />
      ))}
      {href ? (
        <p>
          Then the visitor goes to <code>{href}</code>.
        </p>
      ) : null}
    </div>
  );
}

/** The flow's computed values for the answers given so far, as they change ("unknown" before). */
function ComputedNow({ flow, answers }: { flow: ResolvedFlow; answers: Answers }) {
  const names = Object.keys(flow.computed ?? {});
  if (names.length === 0) return null;
  const values = computeValues(flow, answers);
  const shown = (value: ComputedResult | undefined) => {
    if (value === null || value === undefined) return 'unknown';
    if (Array.isArray(value)) return value.join(', ');
    return typeof value === 'string' ? `"${value}"` : String(value);
  };
  return (
    <section className={styles.sends} aria-label="Computed values">
      <h3>Computed values</h3>
      <dl>
        {names.map((name) => (
          <div key={name}>
            <dt>
              <code>{name}</code>
            </dt>
            <dd>{shown(values[name])}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export const StudioPreview = memo(function StudioPreview({ flow }: { flow: ResolvedFlow }) {
  const [width, setWidth] = useState<Width>('phone');
  const [startAt, setStartAt] = useState(flow.start);
  const [run, setRun] = useState<Run>({ flow, key: 0, sent: [], ending: null });
  const [answers, setAnswers] = useState<Answers>({});
  const restart = () => setRun((r) => ({ flow: r.flow, key: r.key + 1, sent: [], ending: null }));
  if (run.flow !== flow) setRun({ flow, key: run.key + 1, sent: [], ending: null });

  const paths = useMemo(() => coveringPaths(flow), [flow]);
  const reachable = new Set([flow.start, ...paths.flatMap((p) => p.steps.map((s) => s.step))]);
  // A step renamed or removed in the editor: the preview starts at the start again.
  const step = flow.steps.some((s) => s.id === startAt) ? startAt : flow.start;
  const start = useMemo(() => previewStart(flow, paths, step), [flow, paths, step]);
  const { outer, inner, scale, height } = useFitScale(WIDTHS[width]);
  const radios = useId();

  return (
    <div className={styles.preview}>
      <div className={styles.controls}>
        <fieldset className={styles.widths}>
          <legend>Width</legend>
          {(Object.keys(WIDTHS) as Width[]).map((w) => (
            <label key={w}>
              <input
                type="radio"
                name={radios}
                value={w}
                checked={width === w}
                onChange={() => setWidth(w)}
              />
              {w === 'phone' ? 'Phone' : 'Desktop'} ({WIDTHS[w]} px)
            </label>
          ))}
        </fieldset>
        <label className={styles.startAt}>
          Start at
          <select
            value={step}
            onChange={(event) => {
              setStartAt(event.target.value);
              restart();
            }}
          >
            {flow.steps.map((s) => (
              <option key={s.id} value={s.id} disabled={!reachable.has(s.id)}>
                {`${s.id}: ${s.question || flow.title}${reachable.has(s.id) ? '' : ' (no path reaches it)'}`}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className={styles.restart} onClick={restart}>
          Start again
        </button>
      </div>
      <div
        ref={outer}
        className={styles.viewport}
        style={scale < 1 ? { height: height * scale } : undefined}
      >
        <div
          ref={inner}
          className={styles.frame}
          style={{
            width: WIDTHS[width],
            transform: scale < 1 ? `scale(${scale})` : undefined,
          }}
        >
          <FlowMachineView
            key={run.key}
            flow={flow}
            start={start}
            persist={false}
            resumable={false}
            headingLevel={3}
            label={flow.title}
            onRestart={restart}
            onEnding={(ending) => setRun((r) => ({ ...r, ending }))}
            onAnswers={setAnswers}
            preview={(input) => {
              const sent = pathSubmissions(flow, input.answers);
              setRun((r) => ({ ...r, sent }));
            }}
          />
        </div>
      </div>
      <ComputedNow flow={flow} answers={answers} />
      <WouldSend flow={flow} run={run} />
    </div>
  );
});
