import type { Expr } from './expression';

/**
 * Types of the flow engine. Two layers:
 * - the authoring model (what a flow file in `flows/` holds; its contract is
 *   `schemas/flow.schema.json`), and
 * - the resolved model (`ResolvedFlow`): option lists inlined, placeholders substituted,
 *   defaults filled in, `next` normalised. It is plain JSON, so a server component can hand it
 *   to a client component as props.
 */

/** The visitor's answers: choice steps by step id, field steps by field name. */
export type Answers = Record<string, string | string[] | boolean>;

/** Brand values substituted for `{brand}` and `{brandSlug}` in wording and field names. */
export interface FlowVars {
  brandName: string;
  brandSlug: string;
}

/** One problem found in a flow file: where (file + JSON pointer), what, and how to fix it. */
export interface Diagnostic {
  file: string;
  pointer: string;
  message: string;
  hint: string;
  /** Line and column (from 1) in the file, when it was read from text. */
  line?: number;
  column?: number;
  /** The source line with a caret under the column. */
  excerpt?: string;
  /** The pointer in a marketer's words: `step "capital" › next › otherwise`. */
  where?: string;
  /** A warning does not stop the flow from loading (`npm run flows -- check --strict` does). */
  severity?: 'warning';
  /** The hint's "Did you mean …?" as data: an editor offers it as a quick fix at the pointer. */
  fix?: NameFix;
  /**
   * What kind of problem it is, stable across rewordings: the studio words it for a marketer by
   * this code (plain-words.ts), while the CLI prints `message` and `hint`.
   */
  code?: DiagnosticCode;
  /** The names and values the plain wording is made of (the step, the answer, the value …). */
  args?: DiagnosticArgs;
  /**
   * Where in the text at the pointer (an expression of a computed value) the problem lies, from
   * 0: line and column then point at that name or operator, not at the property.
   */
  textOffset?: number;
}

/**
 * A diagnostic's code: `<area>.<problem>`. Each has plain words (plain-words.ts): a new code
 * does not compile until it has them.
 */
export type DiagnosticCode =
  | 'syntax.unclosed'
  | 'syntax.double-comma'
  | 'syntax.trailing-comma'
  | 'syntax.comma-expected'
  | 'syntax.close-expected'
  | 'syntax.colon-expected'
  | 'syntax.name-expected'
  | 'syntax.value-expected'
  | 'syntax.end-expected'
  | 'syntax.text-unclosed'
  | 'syntax.unexpected'
  | 'file.unreadable'
  | 'folder.empty'
  | 'schema.missing-property'
  | 'schema.unknown-property'
  | 'schema.unknown-kind'
  | 'schema.kind-not-text'
  | 'schema.not-allowed'
  | 'schema.pattern'
  | 'schema.type'
  | 'schema.empty'
  | 'schema.too-short'
  | 'schema.too-long'
  | 'schema.too-few'
  | 'schema.too-small'
  | 'schema.too-large'
  | 'schema.const'
  | 'schema.repeated'
  | 'schema.no-form'
  | 'schema.invalid'
  | 'flow.id-not-file-name'
  | 'list.id-not-file-name'
  | 'list.duplicate-value'
  | 'option-list.unknown'
  | 'form-key.no-hubspot-form'
  | 'id.duplicate'
  | 'answer.duplicate'
  | 'field.duplicate'
  | 'option.duplicate-value'
  | 'start.unknown'
  | 'next.unknown'
  | 'next.itself'
  | 'next.cycle'
  | 'next.no-way-out'
  | 'step.unreachable'
  | 'ending.unreachable'
  | 'ending.submits-unasked'
  | 'ending.submits-without-email'
  | 'progress.no-total'
  | 'progress.total-too-low'
  | 'condition.shape'
  | 'condition.unknown-answer'
  | 'condition.too-early'
  | 'condition.not-an-option'
  | 'hidden.duplicate'
  | 'hidden.answer-name'
  | 'consent.duplicate'
  | 'consent.optional'
  | 'consent.no-processing'
  | 'booking.fallback-itself'
  | 'booking.contact-missing'
  | 'booking.fallback-unknown'
  | 'booking.fallback-is-booking'
  | 'save-progress.no-email'
  | 'submission.duplicate-field'
  | 'submission.value-source'
  | 'submission.unknown-hidden'
  | 'submission.hidden-as-answer'
  | 'submission.unknown-answer'
  | 'submission.not-upload'
  | 'submission.not-asked'
  | 'submission.asked-on-condition'
  | 'number.min-above-max'
  | 'number.step-not-positive'
  | 'number.unknown-currency'
  | 'number.currency-unused'
  | 'number.finer-than-currency'
  | 'number.placeholder-refused'
  | 'checkout.unknown-answer'
  | 'checkout.not-asked'
  | 'link.refused'
  | 'link.other-site'
  | 'link.host-not-allowed'
  | 'computed.syntax'
  | 'computed.unknown-name'
  | 'computed.name-taken'
  | 'computed.cycle'
  | 'computed.type'
  | 'computed.divide-by-zero'
  | 'computed.not-asked'
  | 'computed.not-an-option'
  | 'computed.no-table'
  | 'computed.hidden-in-condition'
  | 'computed.needs-otherwise'
  | 'ending.unclosed-brace'
  | 'ending.unknown-value'
  | 'ending.value-not-asked'
  | 'ending.value-hidden';

/** A diagnostic's names and values by role, e.g. `{ step: 'capital', answer: 'industry' }`. */
export type DiagnosticArgs = Record<string, string | string[]>;

/** A misspelt name (`replace`, as the file has it) and the known name it was surely meant as. */
export interface NameFix {
  replace: string;
  with: string;
}

/** An option: `label` is what the visitor reads, `value` what is submitted. */
export interface FlowOption {
  label: string;
  value: string;
}

/** Declarative condition on answers. Exactly one operator per object. */
export type Condition =
  | { answer: string; equals: string }
  | { answer: string; oneOf: string[] }
  | { answer: string; isEmpty: boolean }
  | { not: Condition }
  | { all: Condition[] }
  | { any: Condition[] }
  | ExprCondition;

/**
 * A condition written in the language of computed values (`{"expr": "score < 30"}`, README
 * "Computed values"). The resolver adds the parsed expression and the computed values it reads,
 * so the condition is evaluated from the answers alone, in the browser as on the server.
 */
export interface ExprCondition {
  expr: string;
  /** Filled by the resolver: the parsed expression. */
  ast?: Expr;
  /** Filled by the resolver: every computed value the expression reads, directly or not. */
  uses?: Record<string, ResolvedComputedValue>;
}

/**
 * A named value computed from answers, hidden values and other computed values (a score, a
 * band): `expr` in the language of engine/expression.ts, with the tables its functions read.
 */
export interface ComputedValue {
  expr: string;
  /** `points(answer)`: per answer key, the points of each option value (others score 0). */
  points?: Record<string, Record<string, number>>;
  /** `band(number)`: each label with the lowest number it starts at. */
  bands?: Record<string, number>;
  description?: string;
}

/** A computed value with its expression parsed (plain data: nothing parses text at run time). */
export interface ResolvedComputedValue extends ComputedValue {
  ast: Expr;
}

export interface Branch {
  when: Condition;
  to: string;
}

/** Ordered transitions: the first branch whose condition holds wins, then `otherwise`. */
export interface ResolvedNext {
  branches: Branch[];
  otherwise?: string;
}

export type FieldType =
  | 'text'
  | 'fullName'
  | 'email'
  | 'phone'
  | 'url'
  | 'textarea'
  | 'select'
  | 'multiselect'
  | 'consent'
  | 'file'
  | 'number';

/** react-dropzone's `accept` shape: MIME type → file extensions. */
export type AcceptMap = Record<string, string[]>;

/**
 * A number field's settings (number-field.ts), as written and as resolved: the bounds (`min`
 * defaults to 0), the step counted from `min`, `plain` or `currency` (an ISO code, default USD:
 * typed as "$12,500", kept as "12500"), and a unit shown after the input ("years").
 */
export interface NumberSettings {
  min?: number;
  max?: number;
  step?: number;
  format?: 'plain' | 'currency';
  currency?: string;
  unit?: string;
}

export interface ResolvedField extends NumberSettings {
  /** Answer key, and (in the single-step forms) the HubSpot field name. */
  name: string;
  type: FieldType;
  label: string;
  placeholder?: string;
  required: boolean;
  /** Shown (and asked) only while this condition holds on the answers given before the step. */
  when?: Condition;
  /** select / multiselect */
  options?: FlowOption[];
  /** phone: the input mask (digits are `0`, react-imask style), e.g. `(000) 000-0000`. */
  mask?: string;
  /** file: accepted types and the maximum size in bytes. */
  accept?: AcceptMap;
  maxBytes?: number;
  /** Replaces the default "{Field} is required" message. */
  requiredMessage?: string;
  /**
   * consent: what the box means to HubSpot — consent to process the visitor's data, a
   * subscription to the form's communication type, or both. The label is the text sent.
   */
  legalConsent?: LegalConsentKind[];
}

export type LegalConsentKind = 'processing' | 'communication';

/** A value the flow captures without asking (see hidden-fields.ts). */
export interface ResolvedHiddenField {
  /** The key a submission reads it by (`{"hidden": name}`). */
  name: string;
  /** A parameter of the landing URL's query, the referrer, or the landing page (no query). */
  from: 'query' | 'referrer' | 'landingPage';
  /** from `query`: the parameter's name (default: `name`). */
  param?: string;
  maxLength: number;
}

interface StepBase {
  id: string;
  /** The question (choice steps) or the step heading (field steps). */
  question: string;
  /** Lead-in shown above this step instead of the flow's lead-in. */
  leadIn?: string;
  /** Whether the step gets a "Question n / N" number. */
  numbered: boolean;
  next: ResolvedNext;
}

export interface ResolvedChoiceStep extends StepBase {
  kind: 'choice';
  multiple: boolean;
  required: boolean;
  options: FlowOption[];
  /** Show this many options first, then a "See all" button; absent = show all. */
  showFirst?: number;
}

export interface ResolvedFieldsStep extends StepBase {
  /** `contact` = the standard contact block (full_name, phone, email) plus any extra fields. */
  kind: 'fields' | 'contact' | 'uploads';
  fields: ResolvedField[];
  submitLabel?: string;
}

export type ResolvedStep = ResolvedChoiceStep | ResolvedFieldsStep;

export interface EndingButton {
  label: string;
  /** `restart` starts the flow again; otherwise `href` is followed. */
  action?: 'restart';
  href?: string;
}

interface EndingBase {
  id: string;
  /** Reaching this ending sends the flow's submissions first. */
  submits: boolean;
}

export interface ResolvedScreenEnding extends EndingBase {
  kind: 'screen';
  heading: string;
  body: string[];
  links: { label: string; href: string }[];
  buttons: EndingButton[];
  /** The message disappears when the visitor navigates (the footer newsletter). */
  clearOnRouteChange: boolean;
  /** Filled by the resolver when the texts hold a placeholder (`{score}`) or a written brace. */
  shows?: EndingValues;
}

/**
 * A screen ending's heading and paragraphs as parts (engine/ending-text.ts), with the computed
 * values they read: the browser fills them in from the answers without parsing anything.
 */
export interface EndingValues {
  heading: TextPart[];
  body: TextPart[][];
  /** Every computed value the placeholders read, directly or not. */
  uses: Record<string, ResolvedComputedValue>;
}

/** Literal text, or a computed value shown in its place. */
export type TextPart = string | ShownValue;

export interface ShownValue {
  /** The computed value's name. */
  value: string;
  /** Shown when the value is unknown on the visitor's path (`{score|not known}`). */
  fallback?: string;
  /** The value is an amount of this currency (computed from a currency number field). */
  currency?: string;
}

export interface ResolvedRedirectEnding extends EndingBase {
  kind: 'redirect';
  /** A site path, e.g. `/book-consult`. */
  path: string;
  query: Record<string, string>;
}

export interface ResolvedCheckoutEnding extends EndingBase {
  kind: 'checkout';
  /** Which service is bought: taken from an answer or fixed. */
  service: { answer: string } | { constant: string };
}

export type ResolvedEnding = ResolvedScreenEnding | ResolvedRedirectEnding | ResolvedCheckoutEnding;

/** How one HubSpot field gets its value. */
export type SubmissionValue =
  | { answer: string; whenNotAsked?: string }
  | { constant: string }
  | { transcript: true }
  | { file: string }
  | { hidden: string }
  | { computed: string };

export interface SubmissionField {
  name: string;
  objectTypeId: string;
  value: SubmissionValue;
}

export interface Submission {
  formKey: string;
  fields: SubmissionField[];
}

export type ProgressMode = 'fixed' | 'branch' | 'none';

/** What a flow file says of the flow as a whole, the same before and after resolving. */
export interface FlowHeader {
  id: string;
  version: number;
  title: string;
  /** Heading of the page section hosting the flow (default: the title). */
  pageHeading?: string;
  heading?: string;
  leadIn?: string;
  /** The line beside the first question that answers a visitor's worry. */
  reassurance?: string;
}

/** Who a flow is for: the page slot and the content page's aside speak to them. */
export type FlowAudience = 'clients' | 'candidates';

/** Where a content page shows a flow its `forms` list: among its sections, under its banner, last. */
export type PagePosition = 'inline' | 'banner' | 'closing';

/** What a successful submission leaves in the visitor's browser session. */
export interface FlowSession {
  /** Sets the `ready-to-talk-submitted` flag (flows.md §4). */
  marksContacted: boolean;
}

/**
 * Saved progress with consent: the step asking the e-mail address shows a box with `consent`'s
 * words; once ticked, the answers are kept on the server as a partial lead.
 */
export interface FlowSaveProgress {
  consent: string;
  /**
   * The HubSpot form key partial leads are also sent to (off when absent): mapped to a HubSpot
   * form like a submission's, and sent through the outbox (buildPartialSubmission).
   */
  formKey?: string;
  /**
   * Hours after the last save when an unfinished partial lead is mailed a resume link, once.
   * No reminder when absent.
   */
  remindAfterHours?: number;
}

/** A booking's contact form: after it, the scheduler or the fallback flow (flows.md §5). */
export interface FlowBooking {
  /** Embed the configured scheduling page, when there is one. */
  scheduler: boolean;
  /** The flow asking for a preferred day and time when no scheduler is embedded. */
  fallbackFlow: string;
}

export interface ResolvedFlow extends FlowHeader {
  /** "Question n / N": N fixed (`total`), counted on the visitor's branch, or not shown. */
  progress: { mode: ProgressMode; total?: number };
  audience: FlowAudience;
  pagePosition: PagePosition;
  session: FlowSession;
  /** Present when the flow is a booking's contact form. */
  booking?: FlowBooking;
  /** Present when the visitor may keep their answers on the server to finish later. */
  saveProgress?: FlowSaveProgress;
  start: string;
  steps: ResolvedStep[];
  endings: ResolvedEnding[];
  /** Values captured without asking (UTM parameters, referrer, landing page). */
  hidden: ResolvedHiddenField[];
  submissions: Submission[];
  /** Named values computed from the answers (scores, bands), when the flow declares any. */
  computed?: Record<string, ResolvedComputedValue>;
}

/** What a step of a path answered (choice value(s) or the step's field answers). */
export interface PathStep {
  step: string;
  answer: string | string[] | Answers;
}

export interface HubSpotField {
  objectTypeId: string;
  name: string;
  value: string;
}

/**
 * A HubSpot Forms v3 submission body: what buildSubmissions builds, the lead outbox stores and the
 * delivery worker sends. Context keys are optional because the worker leaves out any HubSpot
 * rejected on an earlier attempt (the lead is worth more than its tracking context).
 */
export interface HubSpotBody {
  submittedAt: number;
  fields: HubSpotField[];
  context: { pageUri?: string; pageName?: string; hutk?: string; ipAddress?: string };
  legalConsentOptions?: LegalConsentOptions;
}

/**
 * HubSpot's `legalConsentOptions.consent`, with the texts the visitor read. A communication's
 * `subscriptionTypeId` belongs to the HubSpot portal, not the flow: the sender fills it in from
 * the deployment's settings (`HUBSPOT_SUBSCRIPTION_TYPE_<FORM KEY>`) when it is absent.
 */
export interface LegalConsentOptions {
  consent: {
    consentToProcess: boolean;
    text: string;
    communications?: { value: boolean; text: string; subscriptionTypeId?: number }[];
  };
}

export interface BuiltSubmission {
  formKey: string;
  body: HubSpotBody;
}

export interface SubmissionContext {
  submittedAt: number;
  pageUri: string;
  pageName: string;
  hutk?: string;
  /** The visitor's public address, so HubSpot places the contact where the visitor is. */
  ipAddress?: string;
  /** Answer key of an upload field → URL of the stored file. */
  files?: Record<string, string>;
  /** The flow's hidden values captured for this visit (checked by checkHidden). */
  hidden?: Record<string, string>;
}
