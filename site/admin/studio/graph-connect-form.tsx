'use client';
/**
 * The graph's "Connect steps" form: the keyboard's way to draw an edge, and where a pointer's
 * drawn edge is confirmed. From a step, to a step or an ending it can go to (graph-connect.ts:
 * never back to itself), when the answer is one of the step's options, or otherwise. Only
 * dropdowns, so a reference cannot dangle.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { indexFlow, type ResolvedFlow } from '@/engine/client';
import { short } from '../flows/flow-words';
import { connectOptions, connectTargets, cutOff, type Connection } from './graph-connect';
import styles from './studio.module.css';

/** The select's value for "otherwise": no option has an empty value (the schema refuses one). */
const OTHERWISE = '';

export interface GraphConnectFormProps {
  flow: ResolvedFlow;
  /** The step and target to start from (the step in focus, or a drawn edge's ends). */
  from?: string;
  to?: string;
  onAdd: (connection: Connection) => void;
  onCancel: () => void;
}

export function GraphConnectForm({ flow, onAdd, onCancel, ...start }: GraphConnectFormProps) {
  const id = useId();
  const first = useRef<HTMLSelectElement>(null);
  const { steps, endings } = indexFlow(flow);
  const [from, setFrom] = useState(
    start.from && steps.has(start.from) ? start.from : (flow.steps[0]?.id ?? ''),
  );
  const targets = connectTargets(flow, from);
  const [chosenTo, setTo] = useState(start.to);
  const to = chosenTo && targets.includes(chosenTo) ? chosenTo : targets[0];
  const options = connectOptions(flow, from);
  const [chosenValue, setValue] = useState<string>(options[0]?.value ?? OTHERWISE);
  const value = options.some((o) => o.value === chosenValue) ? chosenValue : OTHERWISE;
  const lost = to ? cutOff(flow, { from, to, ...(value !== OTHERWISE && { value }) }) : [];

  useEffect(() => first.current?.focus(), []);

  const name = (node: string) => {
    const step = steps.get(node);
    if (step) return `Step: ${short(step.question, 48)} (${node})`;
    return `Ending: ${node}${endings.get(node)?.submits ? ' (sends the lead)' : ''}`;
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!to || lost.length > 0) return;
    onAdd({ from, to, ...(value !== OTHERWISE && { value }) });
  }

  return (
    <form className={styles.connect} aria-labelledby={`${id}-title`} onSubmit={submit}>
      <h3 id={`${id}-title`}>Connect steps</h3>
      <label htmlFor={`${id}-from`}>From</label>
      <select
        ref={first}
        id={`${id}-from`}
        value={from}
        onChange={(e) => {
          setFrom(e.target.value);
          setValue(connectOptions(flow, e.target.value)[0]?.value ?? OTHERWISE);
        }}
      >
        {flow.steps.map((s) => (
          <option key={s.id} value={s.id}>
            {name(s.id)}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-when`}>When the answer is</label>
      <select id={`${id}-when`} value={value} onChange={(e) => setValue(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        <option value={OTHERWISE}>
          {options.length > 0 ? 'Otherwise (any other answer)' : 'Any answer (next)'}
        </option>
      </select>
      <label htmlFor={`${id}-to`}>Go to</label>
      <select id={`${id}-to`} value={to ?? ''} onChange={(e) => setTo(e.target.value)}>
        {targets.map((t) => (
          <option key={t} value={t}>
            {name(t)}
          </option>
        ))}
      </select>
      {lost.length > 0 ? (
        <p className={styles.connectNote} id={`${id}-lost`}>
          Not possible: no visitor would reach {lost.join(', ')} any more. Send visitors there with
          a rule first, or choose another step.
        </p>
      ) : value === OTHERWISE && to ? (
        <p className={styles.connectNote}>
          Visitors {options.length > 0 ? 'no rule sends elsewhere' : 'of this step'} will go to {to}{' '}
          instead of where they go now.
        </p>
      ) : null}
      <div className={styles.connectActions}>
        <button
          type="submit"
          className={styles.connectAdd}
          aria-disabled={!to || lost.length > 0}
          aria-describedby={lost.length > 0 ? `${id}-lost` : undefined}
        >
          Add the branch
        </button>
        <button type="button" className={styles.restart} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
