/**
 * A lead's delivery attempts to one destination as a table: when, outcome, HTTP status and what
 * the destination answered (HubSpot's section shows the form key too). The lead's page uses it
 * for HubSpot and for each webhook.
 */
import type { AttemptLogRow } from '@/site/server/leads/lead-types';
import styles from '../admin.module.css';
import { StatusBadge, utcTime } from './lead-format';

export function AttemptsTable(props: {
  attempts: readonly AttemptLogRow[];
  /** The table's name, e.g. "Delivery attempts". */
  label: string;
  /** The last column's heading: whose answer it is. */
  answer: string;
  /** Shows the form key of each attempt (HubSpot's deliveries are one per form key). */
  formKey?: boolean;
}) {
  if (props.attempts.length === 0) return <p>No attempt yet.</p>;
  return (
    <div
      className={styles.tableWrap}
      tabIndex={0}
      role="region"
      aria-label={`${props.label} table`}
    >
      <table className={styles.table} aria-label={props.label}>
        <thead>
          <tr>
            <th scope="col">When (UTC)</th>
            {props.formKey ? <th scope="col">Form</th> : null}
            <th scope="col">Outcome</th>
            <th scope="col">HTTP</th>
            <th scope="col">{props.answer}</th>
          </tr>
        </thead>
        <tbody>
          {props.attempts.map((attempt, i) => (
            <tr key={i}>
              <td>{utcTime(attempt.at)}</td>
              {props.formKey ? <td>{attempt.formKey}</td> : null}
              <td>
                <StatusBadge status={attempt.outcome} />
              </td>
              <td>{attempt.httpStatus ?? '—'}</td>
              <td>
                {attempt.error ? <p>{attempt.error}</p> : null}
                {attempt.response ? <pre className={styles.code}>{attempt.response}</pre> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
