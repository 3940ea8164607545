const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * 'MMMM DD, YYYY' in UTC ("March 04, 2023"). UTC so a date written as `2023-03-04` shows the
 * same day for every visitor and in every build, whatever the server's time zone.
 */
export function formatDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(`${value.slice(0, 10)}T00:00:00Z`) : value;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  const day = String(date.getUTCDate()).padStart(2, '0');
  return `${months[date.getUTCMonth()]} ${day}, ${date.getUTCFullYear()}`;
}

/**
 * A moment to the minute in UTC, `2026-11-24 21:40 UTC`: one clock for everyone reading the
 * back office or a shared mailbox; `—` for none.
 */
export function formatUtcMinute(ms: number | null): string {
  if (ms === null) return '—';
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** One UTC day in milliseconds. */
export const DAY_MS = 86_400_000;

/**
 * The UTC midnight starting a day written `YYYY-MM-DD`; undefined for anything else, a day that
 * does not exist (2025-02-30) included. The back office's date filters and `npm run leads`.
 */
export function parseUtcDay(text: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(ms).toISOString().startsWith(text) ? ms : undefined;
}
