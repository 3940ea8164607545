/** Small shared pieces of the lead pages: a time in UTC and a lead's status as a badge. */
import type { DeliveryStatus } from '@/site/server/leads/lead-types';
import styles from '../admin.module.css';

export { formatUtcMinute as utcTime } from '@/site/format/format-date';

export function StatusBadge({ status }: { status: DeliveryStatus }) {
  return <span className={`${styles.status} ${styles[status]}`}>{status}</span>;
}
