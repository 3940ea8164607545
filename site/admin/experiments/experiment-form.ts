/**
 * The back office's form for a new A/B test, read into a test or the reason it cannot be one:
 * `name`, `page` (the path of the page the flow sits on), `flow`, `metric` (optional: the answer
 * or hidden value whose mean the report shows) and, for each of the variant rows A to D,
 * `version-A` and `weight-A` (a row without a version is left out). Row A is the control.
 */
import { queryParam, type QueryParams } from '../query-param';
import type { Variant } from '@/site/server/experiments/experiment-store';

export const VARIANT_KEYS = ['A', 'B', 'C', 'D'] as const;
const FLOW_ID = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const VALUE_KEY = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

export interface ExperimentForm {
  name: string;
  pagePath: string;
  flowId: string;
  variants: Variant[];
  metricKey?: string;
}

export type ReadForm = { ok: true; form: ExperimentForm } | { ok: false; message: string };

export function readExperimentForm(params: QueryParams): ReadForm {
  const name = queryParam(params, 'name');
  const pagePath = queryParam(params, 'page') || '/';
  const flowId = queryParam(params, 'flow');
  const metricKey = queryParam(params, 'metric');
  if (name === '') return { ok: false, message: 'Give the test a name' };
  if (!/^\/[^\s?#]*$/.test(pagePath)) {
    return { ok: false, message: 'The page is a path of the site, such as /' };
  }
  if (!FLOW_ID.test(flowId)) return { ok: false, message: 'Choose the flow placed on the page' };
  if (metricKey !== '' && !VALUE_KEY.test(metricKey)) {
    return { ok: false, message: 'The value to average is an answer or hidden value key' };
  }
  const variants: Variant[] = [];
  for (const key of VARIANT_KEYS) {
    const version = queryParam(params, `version-${key}`);
    if (version === '') continue;
    const weight = queryParam(params, `weight-${key}`) || '1';
    if (!/^[1-9][0-9]{0,8}$/.test(version)) {
      return { ok: false, message: `Variant ${key}: the version is a whole number from 1` };
    }
    if (!/^[1-9][0-9]{0,2}$/.test(weight)) {
      return { ok: false, message: `Variant ${key}: the weight is a whole number from 1 to 999` };
    }
    variants.push({ key, version: Number(version), weight: Number(weight) });
  }
  if (variants.length < 2) return { ok: false, message: 'A test needs two variants or more' };
  const versions = new Set(variants.map((v) => v.version));
  if (versions.size !== variants.length) {
    return { ok: false, message: 'Each variant serves a version of its own' };
  }
  return {
    ok: true,
    form: { name, pagePath, flowId, variants, ...(metricKey ? { metricKey } : {}) },
  };
}
