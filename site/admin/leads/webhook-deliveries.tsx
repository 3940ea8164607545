/**
 * On a lead's page, one section per webhook the lead went to: its status, the JSON it posts, and
 * every attempt with the receiver's answer (the HubSpot section above shows HubSpot's).
 */
import type { AttemptLogRow, DeliveryRow } from '@/site/server/leads/lead-types';
import { HUBSPOT_DESTINATION } from '@/site/server/leads/lead-types';
import styles from '../admin.module.css';
import { AttemptsTable } from './attempts-table';
import { StatusBadge } from './lead-format';

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
        <AttemptsTable
          attempts={attempts}
          label={`Attempts of webhook “${delivery.destination}”`}
          answer="The receiver’s answer"
        />
      </section>
    );
  });
}
