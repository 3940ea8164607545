/**
 * HubSpot's own forms, as the site reads them through the Marketing Forms API v3 and the flow
 * checks compare with what each path sends. Only what HubSpot checks a submission against is
 * kept: the fields, their types, the values a choice field lists, and the required and hidden
 * flags. Browser-safe: the studio checks against the same definitions.
 */
import { hiddenSets } from './hidden-fields';

/** HubSpot's field types (`fieldType`); a type HubSpot adds later is kept as text. */
export const HUBSPOT_FIELD_TYPES = [
  'single_line_text',
  'multi_line_text',
  'email',
  'phone',
  'mobile_phone',
  'number',
  'datepicker',
  'dropdown',
  'radio',
  'multiple_checkboxes',
  'single_checkbox',
  'file',
  'payment_link_radio',
] as const;

export type HubSpotFieldType = (typeof HUBSPOT_FIELD_TYPES)[number];

export interface HubSpotFormField {
  name: string;
  label: string;
  fieldType: HubSpotFieldType;
  required: boolean;
  hidden: boolean;
  /** `0-1` contact, `0-2` company, … */
  objectTypeId: string;
  /** The values a dropdown, radio or checkboxes field lists (HubSpot refuses any other). */
  options?: string[];
}

/** One HubSpot form, as the form key it receives the leads of. */
export interface HubSpotFormDefinition {
  formKey: string;
  /** HubSpot's form id (`HUBSPOT_FORM_<KEY>`). */
  formId: string;
  /** The form's name in HubSpot. */
  name: string;
  fields: HubSpotFormField[];
  /** When it was read from HubSpot (ms). */
  fetchedAt: number;
}

/** Definitions by form key: the form keys HubSpot was asked about and answered. */
export type HubSpotForms = Readonly<Record<string, HubSpotFormDefinition>>;

/**
 * The attribution fields the flows send when a visit brings them (`"hidden": ["utm"]`): a
 * HubSpot form must declare them, as hidden fields, to take the leads of paid campaigns.
 */
export const ATTRIBUTION_FIELDS: readonly string[] = hiddenSets.utm!.map((f) => f.name);

/** Field types whose values HubSpot checks against the field's options. */
export const CHOICE_FIELD_TYPES: ReadonlySet<HubSpotFieldType> = new Set([
  'dropdown',
  'radio',
  'multiple_checkboxes',
]);

/** The values a field takes, if HubSpot limits them: its options, or a checkbox's two words. */
export function allowedValues(field: HubSpotFormField): readonly string[] | undefined {
  if (field.fieldType === 'single_checkbox') return ['true', 'false'];
  return CHOICE_FIELD_TYPES.has(field.fieldType) ? (field.options ?? []) : undefined;
}
