/**
 * The inbox's filter as it travels in the address (`?status=held&flow=client&from=2026-11-01
 * &to=2026-11-30&q=ada&page=2`) and in the export form: read and checked here, once. Dates are
 * whole UTC days, both ends included. A value that cannot be read is reported, not guessed.
 */
import { queryParam, type QueryParams } from '@/site/admin/query-param';
import { DAY_MS, parseUtcDay } from '@/site/format/format-date';
import {
  deliveryStatuses,
  type DeliveryStatus,
  type LeadFilter,
} from '@/site/server/leads/lead-types';

export const PAGE_SIZE = 50;

export interface FilterValues {
  status: string;
  flow: string;
  from: string;
  to: string;
  q: string;
  /** `mine` or `unassigned` (assignee filter); empty: anyone's. */
  assigned: string;
}

export const assignedFilters = ['mine', 'unassigned'] as const;
export type AssignedFilter = (typeof assignedFilters)[number];

export interface ParsedFilter {
  filter: LeadFilter;
  /** Page number, from 1. */
  page: number;
  /** The values as given, to fill the form and the links again. */
  values: FilterValues;
  /** Only the leads given to the staff member looking, or to nobody. */
  assigned?: AssignedFilter;
  problems: string[];
}

export function parseLeadFilter(params: QueryParams, flowIds: readonly string[]): ParsedFilter {
  const values: FilterValues = {
    status: queryParam(params, 'status'),
    flow: queryParam(params, 'flow'),
    from: queryParam(params, 'from'),
    to: queryParam(params, 'to'),
    q: queryParam(params, 'q'),
    assigned: queryParam(params, 'assigned'),
  };
  const problems: string[] = [];
  const filter: LeadFilter = {};
  if (values.status) {
    if (deliveryStatuses.includes(values.status as DeliveryStatus)) {
      filter.status = values.status as DeliveryStatus;
    } else problems.push(`Status "${values.status}" is not one of ${deliveryStatuses.join(', ')}`);
  }
  if (values.flow) {
    if (flowIds.includes(values.flow)) filter.flowId = values.flow;
    else problems.push(`There is no questionnaire "${values.flow}"`);
  }
  for (const [name, label] of [
    ['from', 'From'],
    ['to', 'To'],
  ] as const) {
    if (!values[name]) continue;
    const start = parseUtcDay(values[name]);
    if (start === undefined) problems.push(`${label} must be a date such as 2026-11-24`);
    else if (name === 'from') filter.from = start;
    else filter.to = start + DAY_MS;
  }
  if (filter.from !== undefined && filter.to !== undefined && filter.from >= filter.to) {
    problems.push('From must not be after To');
  }
  if (values.q) filter.query = values.q;
  let assigned: AssignedFilter | undefined;
  if (values.assigned) {
    if (assignedFilters.includes(values.assigned as AssignedFilter)) {
      assigned = values.assigned as AssignedFilter;
    } else
      problems.push(`Assigned "${values.assigned}" is not one of ${assignedFilters.join(', ')}`);
  }
  const pageText = queryParam(params, 'page');
  const page = /^[1-9][0-9]{0,5}$/.test(pageText) ? Number(pageText) : 1;
  return { filter, page, values, problems, ...(assigned ? { assigned } : {}) };
}

/** The filter's values as a query string (empty ones left out), with an optional page. */
export function filterQuery(values: FilterValues, page?: number): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values) as [string, string][]) {
    if (value) query.set(name, value);
  }
  if (page && page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `?${text}` : '';
}
