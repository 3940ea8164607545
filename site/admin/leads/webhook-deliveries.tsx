/**
 * On a lead's page, one section per webhook the lead went to: its status, the JSON it posts, and
 * every attempt with the receiver's answer (the HubSpot section above shows HubSpot's).
 */
import type { AttemptLogRow, DeliveryRow } from '@/site/server/leads/lead-types';
import { HUBSPOT_DESTINATION } from '@/site/server/leads/lead-types';
import styles from '../admin.module.css';
import { StatusBadge, utcTime } from './lead-format';

export function WebhookDeliveries(props: {
  deliveries: readonly DeliveryRow[];
  attempts: readonly AttemptLogRow[];
}) {
  const webhooks = props.deliveries.filter((d) => d.destination !== HUBSPOT_DESTINATION);
  return webhooks.map((delivery) => {
    const heading = `webhook-${delivery.id}`;
    const attempts = props.attempts.filter((attempt) => attempt.deliveryId === delivery.id);
    return (
      <section key={delivery.id} className={styles.section} aria-labelledby={heading}>
        <h2 id={heading}>
          Webhook “{delivery.destination}”: <StatusBadge status={delivery.status} />
        </h2>
        {delivery.lastError ? <p>{delivery.lastError}</p> : null}
        <details>
          <summary>What it is sent</summary>
          <pre className={styles.code}>{JSON.stringify(delivery.body, null, 2)}</pre>
        </details>
        {attempts.length === 0 ? (
          <p>No attempt yet.</p>
        ) : (
          <div
            className={styles.tableWrap}
            tabIndex={0}
            role="region"
            aria-label={`Attempts of webhook “${delivery.destination}” table`}
          >
            <table
              className={styles.table}
              aria-label={`Attempts of webhook “${delivery.destination}”`}
            >
              <thead>
                <tr>
                  <th scope="col">When (UTC)</th>
                  <th scope="col">Outcome</th>
                  <th scope="col">HTTP</th>
                  <th scope="col">The receiver’s answer</th>
                </tr>
              </thead>
              <tbody>
                {attempts.map((attempt, i) => (
                  <tr key={i}>
                    <td>{utcTime(attempt.at)}</td>
                    <td>
                      <StatusBadge status={attempt.outcome} />
                    </td>
                    <td>{attempt.httpStatus ?? '—'}</td>
                    <td>
                      {attempt.error ? <p>{attempt.error}</p> : null}
                      {attempt.response ? (
                        <pre className={styles.code}>{attempt.response}</pre>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    );
  });
}
