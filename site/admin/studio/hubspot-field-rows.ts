/**
 * The studio's HubSpot panel as data: for one form key, each field of its HubSpot form and each
 * field the flow sends under that key, marked by who sends it: the covering paths whose body
 * carries a value for it (numbered as the paths list numbers them), the visits that bring its
 * hidden value, nobody, or the flow while the form lacks it (HubSpot then refuses every lead of
 * the form key). Pure: the panel renders it, the tests read it through the panel.
 */
import type {
  FlowPath,
  HubSpotFormDefinition,
  HubSpotFormField,
  ResolvedFlow,
} from '@/engine/client';
import { hiddenNamesOf } from '../flows/submission-tables';

export interface HubSpotFieldRow {
  name: string;
  /** The form's field; absent when the flow sends a field the form lacks. */
  field?: HubSpotFormField;
  /** The flow's submission for the form key names it. */
  inFlow: boolean;
  /** Sent only when the visit brings its hidden value (`"hidden": "utm_source"`). */
  hidden: boolean;
  /** The covering paths (numbered from 1) whose body sends it with a value. */
  sentBy: number[];
}

/** The form's fields in its order, then the fields the flow sends that it lacks. */
export function hubspotFieldRows(
  flow: ResolvedFlow,
  paths: readonly FlowPath[],
  formKey: string,
  form: Pick<HubSpotFormDefinition, 'fields'> | undefined,
): HubSpotFieldRow[] {
  const sent = new Set(
    flow.submissions
      .filter((s) => s.formKey === formKey)
      .flatMap((s) => s.fields.map((f) => f.name)),
  );
  const hidden = new Set(hiddenNamesOf(flow, formKey));
  const sentBy = (name: string) =>
    paths.flatMap((path, i) =>
      path.submissions.some(
        (s) => s.formKey === formKey && s.fields.some((f) => f.name === name && f.value !== ''),
      )
        ? [i + 1]
        : [],
    );
  const row = (name: string, field?: HubSpotFormField): HubSpotFieldRow => ({
    name,
    ...(field ? { field } : {}),
    inFlow: sent.has(name),
    hidden: hidden.has(name),
    sentBy: sentBy(name),
  });
  const declared = new Set(form?.fields.map((f) => f.name));
  return [
    ...(form?.fields ?? []).map((field) => row(field.name, field)),
    ...[...sent].filter((name) => !declared.has(name)).map((name) => row(name)),
  ];
}

const pathList = (numbers: readonly number[]) =>
  `${numbers.length === 1 ? 'Path' : 'Paths'} ${numbers.join(', ')}`;

/** What the panel says of a row: who sends the field, or that nobody does. */
export function rowMarking(row: HubSpotFieldRow): string {
  const who = row.hidden
    ? 'sent when the visit brings it'
    : row.sentBy.length > 0
      ? `sent by ${pathList(row.sentBy)}`
      : row.inFlow
        ? 'sent empty on every path'
        : 'never sent';
  if (!row.field) return `Missing in HubSpot: ${who}`;
  return who.charAt(0).toUpperCase() + who.slice(1);
}
