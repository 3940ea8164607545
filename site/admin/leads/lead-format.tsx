/** Small shared pieces of the lead pages: a time in UTC and a lead's status as a badge. */
import type { DeliveryStatus } from '@/site/server/leads/lead-types';
import styles from '../admin.module.css';

/** `2026-11-24 21:40 UTC`: staff in several places read one clock. */
export function utcTime(ms: number | null): string {
  if (ms === null) return '—';
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function StatusBadge({ status }: { status: DeliveryStatus }) {
  return <span className={`${styles.status} ${styles[status]}`}>{status}</span>;
}
