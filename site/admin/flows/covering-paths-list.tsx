/**
 * The engine's covering paths of a flow (a few walks that together take every transition, what
 * the browser tests walk): each with its steps and sample answers, the ending it reaches and what
 * HubSpot receives for each form key on it, as `npm run flows -- paths <id>` prints them. No
 * hooks: the funnel page renders it on the server, the flow studio in the browser.
 */
import { coveringPaths, indexFlow, type FlowPath, type ResolvedFlow } from '@/engine/client';
import { answerText } from './flow-words';
import { SubmissionTables } from './submission-tables';
import styles from './flow-funnel.module.css';

function Answer({ answer }: { answer: FlowPath['steps'][number]['answer'] }) {
  if (typeof answer === 'string' || Array.isArray(answer)) {
    return <strong>{answerText(answer)}</strong>;
  }
  return (
    <ul>
      {Object.entries(answer).map(([name, value]) => (
        <li key={name}>
          <code>{name}</code>: <strong>{answerText(value)}</strong>
        </li>
      ))}
    </ul>
  );
}

function PathItem({ path, n, flow }: { path: FlowPath; n: number; flow: ResolvedFlow }) {
  const { steps } = indexFlow(flow);
  return (
    <li>
      <h3>
        Path {n}: to <code>{path.ending}</code>
      </h3>
      <ol className={styles.pathSteps}>
        {path.steps.map(({ step, answer }) => (
          <li key={step}>
            <code>{step}</code> {steps.get(step)?.question} → <Answer answer={answer} />
          </li>
        ))}
      </ol>
      <p className={styles.note}>Transitions taken: {path.transitions.join(', ')}</p>
      {path.submissions.length === 0 ? (
        <p>Sends nothing to HubSpot: the ending does not submit.</p>
      ) : (
        path.submissions.map((submission) => (
          <SubmissionTables
            key={submission.formKey}
            flow={flow}
            submission={submission}
            sender="this path"
          />
        ))
      )}
    </li>
  );
}

/** `paths`: the flow's covering paths, when the caller found them already. */
export function CoveringPathsList({
  flow,
  paths = coveringPaths(flow),
}: {
  flow: ResolvedFlow;
  paths?: readonly FlowPath[];
}) {
  return (
    <ol className={styles.paths}>
      {paths.map((path, i) => (
        <PathItem key={i} path={path} n={i + 1} flow={flow} />
      ))}
    </ol>
  );
}
