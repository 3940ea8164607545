/**
 * What a new version changes, in words: the publish dialog shows it before a publish, the versions
 * page between any two versions. HubSpot's losses come first, as warnings: a field HubSpot stops
 * receiving, or a value it receives instead of another, breaks a marketer's workflows silently.
 * Then what visitors see: steps, endings and branches, the wording (before → after, per step),
 * the options, and what HubSpot receives. No hooks, so server and client pages share it.
 */
import { describeCondition } from '@/engine/client';
import type { FlowChangeSummary, Transition } from './change-summary';
import type { WordingChanges } from './wording-changes';
import styles from './studio-pages.module.css';

const list = (items: string[]) => items.map((item) => `"${item}"`).join(', ');
const text = (words: string) => (words === '' ? '(none)' : `"${words}"`);
const place = (w: WordingChanges) =>
  w.scope === 'flow' ? 'The flow' : `${w.scope === 'step' ? 'Step' : 'Ending'} "${w.id}"`;
const way = (t: Transition) =>
  `${t.from} → ${t.to}${t.when ? ` when ${describeCondition(t.when)}` : ' otherwise'}`;

function Line({ label, items }: { label: string; items: string[] }) {
  return items.length === 0 ? null : (
    <li>
      {label}: {list(items)}
    </li>
  );
}

export function ChangeSummaryView({ summary }: { summary: FlowChangeSummary }) {
  const lines = [
    ...summary.steps.added.map((id) => `Step "${id}" added`),
    ...summary.steps.removed.map((id) => `Step "${id}" removed`),
    ...summary.endings.added.map((id) => `Ending "${id}" added`),
    ...summary.endings.removed.map((id) => `Ending "${id}" removed`),
    ...summary.transitions.added.map((t) => `Branch added: ${way(t)}`),
    ...summary.transitions.removed.map((t) => `Branch removed: ${way(t)}`),
  ];
  const nothing =
    lines.length === 0 &&
    summary.wording.length === 0 &&
    summary.options.length === 0 &&
    summary.hubspot.length === 0;
  return (
    <div className={styles.summary}>
      {summary.warnings.length > 0 && (
        <ul className={styles.warnings} aria-label="Warnings for HubSpot">
          {summary.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
      {nothing && (
        <p>
          No step, wording, option, branch, ending or HubSpot field changes; other settings may
          differ.
        </p>
      )}
      {lines.length > 0 && (
        <>
          <h3>For visitors</h3>
          <ul>
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
      {summary.wording.length > 0 && (
        <>
          <h3>Wording</h3>
          <ul aria-label="Wording changes">
            {summary.wording.map((w) => (
              <li key={`${w.scope}/${w.id}`}>
                {place(w)}
                <ul>
                  {w.changes.map((c) => (
                    <li key={c.what}>
                      {c.what}: {text(c.from)} → {text(c.to)}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      )}
      {summary.options.length > 0 && (
        <>
          <h3>Options</h3>
          <ul>
            {summary.options.map((o) => (
              <li key={`${o.step}/${o.field ?? ''}`}>
                Step &quot;{o.step}&quot;{o.field ? `, field "${o.field}"` : ''}
                <ul>
                  <Line label="added" items={o.added.map((x) => x.label)} />
                  <Line label="removed" items={o.removed.map((x) => x.label)} />
                  {o.relabelled.map((r) => (
                    <li key={r.value}>
                      relabelled: &quot;{r.from}&quot; → &quot;{r.to}&quot;
                    </li>
                  ))}
                  {o.reworded.map((r) => (
                    <li key={r.from}>
                      reworded, its value too: &quot;{r.from}&quot; → &quot;{r.to}&quot;
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      )}
      {summary.hubspot.length > 0 && (
        <>
          <h3>For HubSpot</h3>
          <ul>
            {summary.hubspot.map((h) => (
              <li key={h.formKey}>
                Form key &quot;{h.formKey}&quot;
                <ul>
                  <Line label="fields added" items={h.added} />
                  <Line label="fields removed" items={h.removed} />
                </ul>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
