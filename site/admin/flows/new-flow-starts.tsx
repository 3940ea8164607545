/**
 * The starting points the new-flow form offers (flow-templates.ts), each with what it holds, and
 * the shared list a starting point with a choice from one asks from.
 */
import { FLOW_TEMPLATES } from '../studio/flow-templates';
import own from './new-flow-starts.module.css';

export function NewFlowStarts({ lists }: { lists: readonly string[] }) {
  const offered = FLOW_TEMPLATES.filter((t) => !t.needsList || lists.length > 0);
  return (
    <>
      <fieldset className={own.starts}>
        <legend>Start from</legend>
        {offered.map((t, i) => (
          <div key={t.id} className={own.start}>
            <input
              type="radio"
              name="template"
              value={t.id}
              id={`new-flow-${t.id}`}
              defaultChecked={i === 0}
              aria-describedby={`new-flow-${t.id}-about`}
            />
            <label htmlFor={`new-flow-${t.id}`}>{t.name}</label>
            <span id={`new-flow-${t.id}-about`} className={own.about}>
              {t.description}
            </span>
          </div>
        ))}
      </fieldset>
      {lists.length > 0 && (
        <label>
          Shared list for a choice from a shared list
          <select name="list" defaultValue={lists[0]}>
            {lists.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
      )}
    </>
  );
}
