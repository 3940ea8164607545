/**
 * On a lead's page, per HubSpot delivery: the fields HubSpot refused and the lead was sent
 * without (retry-policy.ts), each with the value the outbox keeps and HubSpot's answer.
 */
import type { DeliveryRow } from '@/site/server/leads/lead-types';
import styles from '../admin.module.css';
import { utcTime } from './lead-format';

export function DeliveredWithout({ delivery }: { delivery: DeliveryRow }) {
  const drop = delivery.droppedFields;
  if (!drop) return null;
  const names = drop.fields.map((field) => field.name).join(', ');
  const heading = `delivery-${delivery.id}-without`;
  return (
    <section className={styles.notice} aria-labelledby={heading}>
      <h4 id={heading}>
        {delivery.status === 'delivered' ? 'Delivered' : 'Sent'} without {names}
      </h4>
      <p>
        On {utcTime(drop.at)} HubSpot refused {drop.fields.length === 1 ? 'this field' : 'these'}{' '}
        (HTTP {drop.httpStatus}), so the lead was sent again without{' '}
        {drop.fields.length === 1 ? 'it' : 'them'}. The whole lead stays here.{' '}
        {delivery.status === 'delivered'
          ? 'Add the field, or the value, to the form in HubSpot so the next leads carry it.'
          : 'Once the form is fixed in HubSpot, “Retry delivery now” sends every field again.'}
      </p>
      <div
        className={styles.tableWrap}
        tabIndex={0}
        role="region"
        aria-label={`Fields left out of form “${delivery.formKey}” table`}
      >
        <table
          className={styles.table}
          aria-label={`Fields left out of form “${delivery.formKey}”`}
        >
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Value</th>
              <th scope="col">HubSpot’s answer</th>
            </tr>
          </thead>
          <tbody>
            {drop.fields.map((field) => (
              <tr key={field.name}>
                <th scope="row">{field.name}</th>
                <td>{field.value}</td>
                <td>
                  {field.errorType}: {field.message}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <details>
        <summary>HubSpot’s whole answer</summary>
        <pre className={styles.code}>{drop.response}</pre>
      </details>
    </section>
  );
}
