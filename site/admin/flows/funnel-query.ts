/**
 * The funnel view's filters, read from the page's query: `from` and `to` as YYYY-MM-DD (whole UTC
 * days, both inclusive) and `version` (1 to the flow's current one). A value that does not parse
 * is an error to show beside the form, and the report is read without it; it never throws.
 */
import { DAY_MS, parseUtcDay } from '@/site/format/format-date';
import { queryParam } from '@/site/admin/query-param';

export type FunnelQueryField = 'from' | 'to' | 'version';

export interface FunnelQuery {
  /** What the form shows again: the text the visitor sent, or the default. */
  from: string;
  to: string;
  version: number;
  /** Server time read (ms): `since` inclusive, `until` exclusive (the day after `to`). */
  since?: number;
  until?: number;
  errors: { field: FunnelQueryField; message: string }[];
}

type SearchParams = Record<string, string | string[] | undefined>;

export function funnelQuery(params: SearchParams, currentVersion: number): FunnelQuery {
  const query: FunnelQuery = {
    from: queryParam(params, 'from'),
    to: queryParam(params, 'to'),
    version: currentVersion,
    errors: [],
  };
  const day = (field: 'from' | 'to', label: string) => {
    const text = query[field];
    if (text === '') return undefined;
    const ms = parseUtcDay(text);
    if (ms === undefined) {
      query.errors.push({
        field,
        message: `${label} “${text}” is not a date: write it as YYYY-MM-DD, e.g. 2025-11-30.`,
      });
    }
    return ms;
  };
  const since = day('from', 'From');
  const to = day('to', 'To');
  if (since !== undefined && to !== undefined && since > to) {
    query.errors.push({
      field: 'to',
      message: `The period ends (${query.to}) before it begins (${query.from}).`,
    });
  } else {
    if (since !== undefined) query.since = since;
    if (to !== undefined) query.until = to + DAY_MS;
  }

  const version = queryParam(params, 'version');
  if (version !== '') {
    const n = /^\d+$/.test(version) ? Number(version) : NaN;
    if (Number.isInteger(n) && n >= 1 && n <= currentVersion) query.version = n;
    else {
      query.errors.push({
        field: 'version',
        message: `Version “${version}” does not exist: choose 1 to ${currentVersion}.`,
      });
    }
  }
  return query;
}

/** The period read, in words: `all time`, `from 2025-11-01 to 2025-11-30 (UTC days)`, … */
export function periodText(query: FunnelQuery): string {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const { since, until } = query;
  if (since === undefined && until === undefined) return 'all time';
  const last = until === undefined ? undefined : day(until - DAY_MS);
  if (since === undefined) return `up to ${last} (UTC days, inclusive)`;
  if (last === undefined) return `from ${day(since)} (UTC days)`;
  return `from ${day(since)} to ${last} (UTC days, inclusive)`;
}
