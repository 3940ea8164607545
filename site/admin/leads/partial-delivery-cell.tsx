/**
 * A partial lead's HubSpot deliveries in the inbox's "Unfinished" table: each send (the first
 * save, then the latest answers once the visitor stopped) with its status, when it went, or why
 * it waits.
 */
import type { PartialDeliveryStatus } from '@/site/server/leads/partial-delivery-store';
import { StatusBadge, utcTime } from './lead-format';

const sendName = { saved: 'First save', stopped: 'Latest answers' } as const;

export function PartialDeliveryCell({ sends }: { sends: readonly PartialDeliveryStatus[] }) {
  if (sends.length === 0) return <>—</>;
  return (
    <ul>
      {sends.map((send) => (
        <li key={send.kind}>
          {sendName[send.kind]}: <StatusBadge status={send.status} />
          {send.deliveredAt !== null ? ` ${utcTime(send.deliveredAt)}` : ''}
          {send.status === 'pending' && send.nextAttemptAt !== null
            ? ` (next try ${utcTime(send.nextAttemptAt)})`
            : ''}
          {send.status !== 'delivered' && send.lastError ? ` — ${send.lastError}` : ''}
        </li>
      ))}
    </ul>
  );
}
