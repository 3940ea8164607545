import type {
  AcceptMap,
  ComputedValue,
  Condition,
  EndingButton,
  FieldType,
  FlowAudience,
  FlowHeader,
  LegalConsentKind,
  NumberSettings,
  PagePosition,
  SubmissionValue,
} from './types';
import type { RawHiddenField } from './hidden-fields';

/*
 * The authoring model: the shape of a flow file once it passed `schemas/flow.schema.json`.
 * Only the loader sees it; everything else works on the ResolvedFlow.
 */

export type RawOption = string | { label: string; value?: string };
export type RawOptions = string | (RawOption | { list: string })[];

export interface RawField extends NumberSettings {
  name: string;
  type: FieldType;
  label: string;
  placeholder?: string;
  required?: boolean;
  when?: Condition;
  options?: RawOptions;
  mask?: string;
  accept?: AcceptMap;
  maxBytes?: number;
  requiredMessage?: string;
  legalConsent?: LegalConsentKind[];
}

export type RawNext = string | { branches: { when: Condition; to: string }[]; otherwise?: string };

export interface RawStep {
  id: string;
  kind: 'choice' | 'fields' | 'contact' | 'uploads';
  question?: string;
  leadIn?: string;
  numbered?: boolean;
  next: RawNext;
  options?: RawOptions;
  multiple?: boolean;
  required?: boolean;
  showFirst?: number;
  fields?: RawField[];
  submitLabel?: string;
}

export interface RawEnding {
  id: string;
  kind: 'screen' | 'redirect' | 'checkout';
  submits: boolean;
  heading?: string;
  body?: string[];
  links?: { label: string; href: string }[];
  buttons?: EndingButton[];
  clearOnRouteChange?: boolean;
  path?: string;
  query?: Record<string, string>;
  service?: { answer: string } | { constant: string };
}

export interface RawFlow extends FlowHeader {
  progress?: { mode: 'fixed' | 'branch' | 'none'; total?: number };
  audience?: FlowAudience;
  pagePosition?: PagePosition;
  session?: { marksContacted?: boolean };
  booking?: { scheduler?: boolean; fallbackFlow: string };
  saveProgress?: { consent: string; formKey?: string; remindAfterHours?: number };
  start: string;
  steps: RawStep[];
  endings: RawEnding[];
  /** Hidden fields, or the name of a shared set (`"utm"`). */
  hidden?: (string | RawHiddenField)[];
  submissions: {
    formKey: string;
    fields: { name: string; objectTypeId: string; value: SubmissionValue }[];
  }[];
  /** Named values computed from answers (README "Computed values"). */
  computed?: Record<string, ComputedValue>;
}

export interface RawOptionList {
  id: string;
  description?: string;
  options: RawOption[];
}
