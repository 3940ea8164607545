/**
 * HubSpot's answer about one form (Marketing Forms API v3), reshaped at the boundary into what
 * the engine checks against (`HubSpotFormField`). Read defensively: HubSpot adds field types and
 * properties over time, so a type the engine does not know is kept as single-line text (HubSpot
 * takes any text there), options are reduced to their `value`s (what a submission must carry),
 * and a field without a name (a rich text block) is left out rather than failing the form.
 */
import { z } from 'zod';
import { HUBSPOT_FIELD_TYPES, type HubSpotFieldType, type HubSpotFormField } from '@/engine';

const knownTypes: ReadonlySet<string> = new Set(HUBSPOT_FIELD_TYPES);

const zOption = z.object({ value: z.union([z.string(), z.number(), z.boolean()]) });

const zField = z.object({
  name: z.string().min(1),
  label: z.string().catch(''),
  fieldType: z
    .string()
    .catch('single_line_text')
    .transform((type): HubSpotFieldType =>
      knownTypes.has(type) ? (type as HubSpotFieldType) : 'single_line_text',
    ),
  required: z.boolean().catch(false),
  hidden: z.boolean().catch(false),
  objectTypeId: z.string().min(1).catch('0-1'),
  options: z.array(z.unknown()).optional().catch(undefined),
});

const zGroup = z.object({ fields: z.array(z.unknown()).catch([]) });

const zForm = z.object({
  id: z.union([z.string().min(1), z.number()]).transform(String),
  name: z.string().catch(''),
  archived: z.boolean().catch(false),
  fieldGroups: z.array(z.unknown()).catch([]),
});

/** One form as HubSpot described it: its fields, and its groups as HubSpot sent them. */
export interface HubSpotFormAnswer {
  id: string;
  name: string;
  archived: boolean;
  fields: HubSpotFormField[];
  /** The groups exactly as HubSpot returned them: what a PATCH of `fieldGroups` keeps. */
  fieldGroups: unknown[];
}

function fieldOf(raw: unknown): HubSpotFormField | undefined {
  const parsed = zField.safeParse(raw);
  if (!parsed.success) return undefined;
  const { options, ...field } = parsed.data;
  const values = options
    ?.map((option) => zOption.safeParse(option))
    .flatMap((option) => (option.success ? [String(option.data.value)] : []));
  return { ...field, label: field.label || field.name, ...(values ? { options: values } : {}) };
}

/** The form in HubSpot's answer, or undefined when the answer is not a form at all. */
export function parseHubSpotForm(raw: unknown): HubSpotFormAnswer | undefined {
  const parsed = zForm.safeParse(raw);
  if (!parsed.success) return undefined;
  const fields = parsed.data.fieldGroups.flatMap((group) => {
    const g = zGroup.safeParse(group);
    return g.success ? g.data.fields.flatMap((f) => fieldOf(f) ?? []) : [];
  });
  return { ...parsed.data, fields };
}
