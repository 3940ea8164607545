/**
 * The funnel view's filters: a plain GET form (no script) with the period's first and last day
 * and the flow version, its errors listed above it and tied to their fields.
 */
import type { FunnelQuery, FunnelQueryField } from './funnel-query';
import styles from './flow-funnel.module.css';

export function FunnelFilters({
  action,
  query,
  currentVersion,
}: {
  action: string;
  query: FunnelQuery;
  currentVersion: number;
}) {
  const errorOf = (field: FunnelQueryField) => query.errors.find((e) => e.field === field);
  const invalid = (field: FunnelQueryField) =>
    errorOf(field)
      ? { 'aria-invalid': true as const, 'aria-describedby': `funnel-error-${field}` }
      : {};
  const versions = Array.from({ length: currentVersion }, (_, i) => currentVersion - i);
  return (
    <>
      {query.errors.length > 0 ? (
        <div className={styles.errors} role="alert">
          <strong>Some filters were not applied:</strong>
          <ul>
            {query.errors.map((error) => (
              <li key={error.field} id={`funnel-error-${error.field}`}>
                {error.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <form method="get" action={action} className={styles.filters} aria-label="Funnel filters">
        <label>
          From (UTC day)
          <input type="date" name="from" defaultValue={query.from} {...invalid('from')} />
        </label>
        <label>
          To (UTC day, inclusive)
          <input type="date" name="to" defaultValue={query.to} {...invalid('to')} />
        </label>
        <label>
          Version
          <select name="version" defaultValue={String(query.version)} {...invalid('version')}>
            {versions.map((v) => (
              <option key={v} value={v}>
                {v === currentVersion ? `${v} (current)` : v}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">Show</button>
      </form>
    </>
  );
}
