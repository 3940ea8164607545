/**
 * The back office's form for a new A/B test, read into a test or the field at fault and why:
 * `name`, `page` (the path of the page the flow sits on), `flow` (the flow placed there),
 * `metric` (optional: the computed value, answer or hidden value whose mean the report shows)
 * and, for each of the variant rows A to D, `flow-A` (the flow it serves; empty: the placed
 * flow), `version-A` and `weight-A` (a row without a version is left out). Row A is the control.
 * Whether each flow is published, and not a booking, is the catalogue's to say
 * (experiment-actions.ts).
 */
import { queryParam, type QueryParams } from '../query-param';
import type { NewVariant } from '@/site/server/experiments/experiment-store';

export const VARIANT_KEYS = ['A', 'B', 'C', 'D'] as const;
const FLOW_ID = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const VALUE_KEY = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

export interface ExperimentForm {
  name: string;
  pagePath: string;
  flowId: string;
  variants: NewVariant[];
  metricKey?: string;
}

/** A refusal: the form field at fault (`version-B`, `flow-C` …) and the reason, in plain words. */
export interface FormProblem {
  field: string;
  message: string;
}

export type ReadForm = { ok: true; form: ExperimentForm } | ({ ok: false } & FormProblem);

export function readExperimentForm(params: QueryParams): ReadForm {
  const name = queryParam(params, 'name');
  const pagePath = queryParam(params, 'page') || '/';
  const flowId = queryParam(params, 'flow');
  const metricKey = queryParam(params, 'metric');
  const refuse = (field: string, message: string): ReadForm => ({ ok: false, field, message });
  if (name === '') return refuse('name', 'Give the test a name');
  if (!/^\/[^\s?#]*$/.test(pagePath)) {
    return refuse('page', 'The page is a path of the site, such as /');
  }
  if (!FLOW_ID.test(flowId)) return refuse('flow', 'Choose the flow placed on the page');
  if (metricKey !== '' && !VALUE_KEY.test(metricKey)) {
    return refuse('metric', 'The value to average is a computed value, answer or hidden value key');
  }
  const variants: NewVariant[] = [];
  for (const key of VARIANT_KEYS) {
    const version = queryParam(params, `version-${key}`);
    if (version === '') continue;
    const weight = queryParam(params, `weight-${key}`) || '1';
    const flow = queryParam(params, `flow-${key}`) || flowId;
    if (!FLOW_ID.test(flow)) {
      return refuse(`flow-${key}`, `Variant ${key}: choose a published questionnaire`);
    }
    if (!/^[1-9][0-9]{0,8}$/.test(version)) {
      return refuse(`version-${key}`, `Variant ${key}: the version is a whole number from 1`);
    }
    if (!/^[1-9][0-9]{0,2}$/.test(weight)) {
      return refuse(`weight-${key}`, `Variant ${key}: the weight is a whole number from 1 to 999`);
    }
    variants.push({ key, flow, version: Number(version), weight: Number(weight) });
  }
  if (variants.length < 2) return refuse('version-B', 'A test needs two variants or more');
  const served = new Set<string>();
  for (const v of variants) {
    const which = `${v.flow ?? flowId}@${v.version}`;
    if (served.has(which)) {
      return refuse(
        `version-${v.key}`,
        `Variant ${v.key}: another variant already serves ${v.flow ?? flowId} version ${v.version}`,
      );
    }
    served.add(which);
  }
  return {
    ok: true,
    form: { name, pagePath, flowId, variants, ...(metricKey ? { metricKey } : {}) },
  };
}
