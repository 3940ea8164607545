/**
 * The funnel's numbers as tables, beside the graph: per step, how many saw it and left there and
 * each transition with its condition, its target and how many took it (the step's cells span its
 * transitions, a row group per step); then each ending and how many reached it. Steps recorded for
 * this version that the flow no longer has, and transitions it no longer knows, are listed too,
 * so the tables account for every visit the report counted.
 */
import { indexFlow, type ResolvedFlow } from '@/engine';
import type { Funnel, FunnelStep } from '@/site/server/funnel/funnel-report';
import { flowTransitions } from './flow-graph-layout';
import { endingKind } from './flow-words';
import styles from './flow-funnel.module.css';

function StepRows({
  step,
  flow,
  conditions,
}: {
  step: FunnelStep;
  flow: ResolvedFlow;
  /** Each transition's condition in words, by id. */
  conditions: Map<string, string>;
}) {
  const defined = indexFlow(flow).steps.get(step.id);
  const span = Math.max(1, step.transitions.length);
  const head = (
    <>
      <th scope="rowgroup" rowSpan={span}>
        <code>{step.id}</code>
        {defined ? (
          <span className={styles.question}>{defined.question}</span>
        ) : (
          <span className={styles.warning}>not a step of the current flow</span>
        )}
      </th>
      <td rowSpan={span} className={styles.number}>
        {step.saw}
      </td>
      <td rowSpan={span} className={styles.number}>
        {step.left}
      </td>
    </>
  );
  if (step.transitions.length === 0) {
    return (
      <tbody>
        <tr>
          {head}
          <td colSpan={4} className={defined ? styles.warning : undefined}>
            {defined ? 'none: no way out' : 'none recorded'}
          </td>
        </tr>
      </tbody>
    );
  }
  return (
    <tbody>
      {step.transitions.map((t, i) => {
        return (
          <tr key={t.id}>
            {i === 0 ? head : null}
            <td>
              <code>{t.id}</code>
            </td>
            <td>{conditions.get(t.id) ?? '?'}</td>
            <td>
              {t.to === null ? (
                <span className={styles.warning}>unknown to the current flow</span>
              ) : (
                <code>{t.to}</code>
              )}
            </td>
            <td className={styles.number}>{t.took}</td>
          </tr>
        );
      })}
    </tbody>
  );
}

export function FunnelTable({ flow, funnel }: { flow: ResolvedFlow; funnel: Funnel }) {
  const { endings } = indexFlow(flow);
  const conditions = new Map(flowTransitions(flow).map((t) => [t.id, t.condition]));
  return (
    <div className={styles.tables} tabIndex={0} role="region" aria-label="Funnel tables">
      <table className={styles.table}>
        <caption>Visitors per step and transition</caption>
        <thead>
          <tr>
            <th scope="col">Step</th>
            <th scope="col">Saw</th>
            <th scope="col">Left</th>
            <th scope="col">Transition</th>
            <th scope="col">When</th>
            <th scope="col">Goes to</th>
            <th scope="col">Took</th>
          </tr>
        </thead>
        {funnel.steps.map((step) => (
          <StepRows key={step.id} step={step} flow={flow} conditions={conditions} />
        ))}
      </table>
      <table className={styles.table}>
        <caption>Endings reached</caption>
        <thead>
          <tr>
            <th scope="col">Ending</th>
            <th scope="col">Kind</th>
            <th scope="col">Reached</th>
          </tr>
        </thead>
        <tbody>
          {funnel.endings.map((ending) => {
            const defined = endings.get(ending.id);
            return (
              <tr key={ending.id}>
                <th scope="row">
                  <code>{ending.id}</code>
                </th>
                <td>{defined ? endingKind(defined) : ''}</td>
                <td className={styles.number}>{ending.reached}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
