/**
 * What a new version changes, in words: the publish dialog shows it before a publish, the versions
 * page between any two versions. HubSpot's losses come first, as warnings: a field HubSpot stops
 * receiving breaks a marketer's workflows silently. No hooks, so server and client pages share it.
 */
import { describeCondition } from '@/engine/client';
import type { FlowChangeSummary, Transition } from './change-summary';
import styles from './studio-pages.module.css';

const list = (items: string[]) => items.map((item) => `"${item}"`).join(', ');
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
    lines.length === 0 && summary.options.length === 0 && summary.hubspot.length === 0;
  return (
    <div className={styles.summary}>
      {summary.warnings.length > 0 && (
        <ul className={styles.warnings} aria-label="Warnings for HubSpot">
          {summary.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
      {nothing && <p>No step, option, branch, ending or HubSpot field changes: wording only.</p>}
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
