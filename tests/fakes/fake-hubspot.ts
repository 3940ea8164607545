/**
 * A fake HubSpot on loopback speaking the Forms v3 submission contract (and a sliver of Files v3):
 * it validates bodies like HubSpot does (declared fields, required fields, e-mail syntax, string
 * values, ≤ 1000 fields, `submittedAt` at most a month old, `legalConsentOptions` against the form's
 * privacy settings), answers 200 `{inlineMessage}`, the documented 400 error shape, 401/404,
 * and — on demand — 429 with `Retry-After`, 5xx, slowness and downtime. It records what it accepted.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** HubSpot's field types (Marketing Forms API v3 `fieldType`). */
export type FakeFieldType =
  | 'single_line_text'
  | 'multi_line_text'
  | 'email'
  | 'phone'
  | 'mobile_phone'
  | 'number'
  | 'datepicker'
  | 'dropdown'
  | 'radio'
  | 'multiple_checkboxes'
  | 'single_checkbox'
  | 'file'
  | 'payment_link_radio';

/** A declared field with more than its name: its type, options and flags. */
export interface FakeField {
  name: string;
  label?: string;
  /** Default `single_line_text` (`email` for a field named `email`). */
  fieldType?: FakeFieldType;
  /** The values a dropdown, radio or checkboxes field lists. */
  options?: string[];
  required?: boolean;
  hidden?: boolean;
  /** Default `0-1` (contact). */
  objectTypeId?: string;
}

export interface FakeForm {
  /** The form's name, as HubSpot lists it (default: its id). */
  name?: string;
  /** Declared fields: a name alone is a plain text field of any objectTypeId. */
  fields: (string | FakeField)[];
  required?: string[];
  /** HubSpot's own CAPTCHA switched on: API submissions are refused. */
  recaptcha?: boolean;
  /**
   * The form's data-privacy settings: consent to process required, and the communication
   * subscriptions (type ids) it offers, each of which must come with its text.
   */
  consent?: { processing?: boolean; communications?: number[] };
}

/** HubSpot refuses a `submittedAt` more than about a month old. */
export const FAKE_MAX_BACKDATE_MS = 30 * 24 * 60 * 60 * 1000;

export interface AcceptedSubmission {
  portalId: string;
  formGuid: string;
  secure: boolean;
  body: {
    submittedAt: number;
    fields: { objectTypeId: string; name: string; value: string }[];
    context?: Record<string, unknown>;
    legalConsentOptions?: unknown;
  };
  receivedAt: number;
}

export interface FakeHubSpotOptions {
  portalId: string;
  forms: Record<string, FakeForm>;
  /** When set, the secure endpoint requires this bearer token. */
  accessToken?: string;
  port?: number;
  /**
   * The address to listen on: loopback by default; another one when the site runs elsewhere
   * (the container test listens on the containers' gateway to the host).
   */
  host?: string;
  /**
   * Serves `/__fake/…` for a test in another process (the browser tests' fake runs beside the
   * site): `PUT /__fake/forms/<guid>` sets a form (`GET` reads it back, as changed through the
   * Forms API), `GET /__fake/accepted` lists what was
   * accepted, `GET /__fake/health` answers 200.
   */
  control?: boolean;
}

type Override = { status: number; retryAfter?: string; body?: string };

const choiceTypes = new Set<FakeFieldType>(['dropdown', 'radio', 'multiple_checkboxes']);

/** A declared field with its defaults filled in. */
function fieldOf(
  field: string | FakeField,
  form: FakeForm,
): Required<Omit<FakeField, 'options'>> & Pick<FakeField, 'options'> {
  const spec = typeof field === 'string' ? { name: field } : field;
  return {
    name: spec.name,
    label: spec.label ?? spec.name,
    fieldType: spec.fieldType ?? (spec.name === 'email' ? 'email' : 'single_line_text'),
    required: spec.required ?? form.required?.includes(spec.name) ?? false,
    hidden: spec.hidden ?? false,
    objectTypeId: spec.objectTypeId ?? '0-1',
    ...(spec.options ? { options: spec.options } : {}),
  };
}

/**
 * The form as the Marketing Forms API v3 returns it: one field group per field (HubSpot allows
 * at most three a group), options with label, value and display order.
 */
export function formDefinition(id: string, form: FakeForm) {
  return {
    id,
    name: form.name ?? id,
    formType: 'hubspot',
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    archived: false,
    fieldGroups: form.fields.map((field) => {
      const f = fieldOf(field, form);
      return {
        groupType: 'default_group',
        richTextType: 'text',
        fields: [
          {
            objectTypeId: f.objectTypeId,
            name: f.name,
            label: f.label,
            required: f.required,
            hidden: f.hidden,
            fieldType: f.fieldType,
            ...(f.options
              ? {
                  options: f.options.map((value, displayOrder) => ({
                    label: value,
                    value,
                    displayOrder,
                    description: '',
                  })),
                }
              : {}),
            validation: { blockedEmailDomains: [], useDefaultBlockList: false },
          },
        ],
      };
    }),
    configuration: { language: 'en', cloneable: true, editable: true, archivable: true },
    displayOptions: { renderRawHtml: false, theme: 'default_style', submitButtonText: 'Submit' },
    legalConsentOptions: form.consent?.processing
      ? { type: 'explicit_consent_to_process' }
      : { type: 'none' },
  };
}

/** What HubSpot says of one value for a declared field, if it refuses it. */
function valueError(
  field: ReturnType<typeof fieldOf>,
  value: string,
): { message: string; errorType: string } | undefined {
  if (value === '') return undefined;
  const where = `Error in 'fields.${field.name}'.`;
  if (field.fieldType === 'email' && !emailPattern.test(value)) {
    return { message: `${where} Invalid email address`, errorType: 'INVALID_EMAIL' };
  }
  if (field.fieldType === 'number' && !/^-?\d+(\.\d+)?$/.test(value.trim())) {
    return {
      message: `${where} ${JSON.stringify(value)} is not a number`,
      errorType: 'INVALID_NUMBER',
    };
  }
  const allowed =
    field.fieldType === 'single_checkbox'
      ? ['true', 'false']
      : choiceTypes.has(field.fieldType)
        ? (field.options ?? [])
        : undefined;
  if (!allowed) return undefined;
  const values = field.fieldType === 'multiple_checkboxes' ? value.split(';') : [value];
  const refused = values.find((v) => !allowed.includes(v));
  return refused === undefined
    ? undefined
    : {
        message: `${where} ${JSON.stringify(refused)} is not one of the allowed options`,
        errorType: 'VALUE_NOT_IN_FIELD_DEFINITION',
      };
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type ConsentError = { message: string; errorType: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What HubSpot answers about `legalConsentOptions` for a form with these privacy settings. */
function consentErrors(form: FakeForm, options: unknown): ConsentError[] {
  const format = (message: string) => [{ message, errorType: 'INVALID_LEGAL_OPTION_FORMAT' }];
  const wanted = form.consent;
  if (options === undefined) {
    return wanted?.processing
      ? [
          {
            message: 'The form requires consent to process',
            errorType: 'MISSING_PROCESSING_CONSENT',
          },
        ]
      : [];
  }
  if (!isObject(options) || Object.keys(options).length !== 1) {
    return format('legalConsentOptions must hold one of consent or legitimateInterest');
  }
  const consent = options.consent;
  if (!isObject(consent)) return format('Only consent is supported by this form');
  if (typeof consent.consentToProcess !== 'boolean')
    return format('consentToProcess must be a boolean');
  const errors: ConsentError[] = [];
  if (typeof consent.text !== 'string' || consent.text === '') {
    errors.push({
      message: 'Missing consent to process text',
      errorType: 'MISSING_PROCESSING_CONSENT_TEXT',
    });
  }
  if (wanted?.processing && consent.consentToProcess !== true) {
    errors.push({
      message: 'The contact did not consent to process',
      errorType: 'MISSING_PROCESSING_CONSENT',
    });
  }
  const communications = consent.communications ?? [];
  if (!Array.isArray(communications)) return format('communications must be a list');
  const seen = new Set<unknown>();
  for (const item of communications as unknown[]) {
    if (
      !isObject(item) ||
      typeof item.value !== 'boolean' ||
      typeof item.subscriptionTypeId !== 'number'
    ) {
      return format('Each communication needs value and subscriptionTypeId');
    }
    if (seen.has(item.subscriptionTypeId)) {
      errors.push({
        message: 'Duplicate subscription type',
        errorType: 'DUPLICATE_SUBSCRIPTION_TYPE_ID',
      });
    }
    seen.add(item.subscriptionTypeId);
    if (typeof item.text !== 'string' || item.text === '') {
      errors.push({
        message: 'Missing communication consent text',
        errorType: 'MISSING_COMMUNICATION_CONSENT_TEXT',
      });
    }
  }
  return errors;
}

export class FakeHubSpot {
  readonly accepted: AcceptedSubmission[] = [];
  /** Every submission request received, accepted or not (status answered). */
  readonly requests: { formGuid: string; status: number; at: number; email?: string }[] = [];
  readonly uploads: { name: string; bytes: number }[] = [];
  /** Every Forms API call (definitions read or changed), in order. */
  readonly formReads: { method: string; path: string }[] = [];
  private server: Server | undefined;
  private port = 0;
  private overrides: Override[] = [];
  private latencyMs = 0;

  constructor(private readonly options: FakeHubSpotOptions) {}

  /** Where this process reaches the fake (loopback when it listens on every address). */
  get url(): string {
    const host = this.options.host ?? '127.0.0.1';
    return `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${this.port}`;
  }

  /** Starts listening (again, on the same port after `down()`). */
  async up(): Promise<void> {
    if (this.server) return;
    const server = createServer((req, res) => void this.handle(req, res));
    server.keepAliveTimeout = 1000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port || this.options.port || 0, this.options.host ?? '127.0.0.1', () =>
        resolve(),
      );
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops accepting connections and drops open ones: callers see connection errors. */
  async down(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The next `count` submissions get this answer instead of being processed. */
  failNext(count: number, status: number, retryAfter?: string, body?: string): void {
    for (let i = 0; i < count; i++) this.overrides.push({ status, retryAfter, body });
  }

  /** Every answer is delayed by `ms` (HubSpot slowness; beyond the client timeout = timeout). */
  setLatency(ms: number): void {
    this.latencyMs = ms;
  }

  setForm(formGuid: string, form: FakeForm): void {
    this.options.forms[formGuid] = form;
  }

  acceptedFor(formGuid: string): AcceptedSubmission[] {
    return this.accepted.filter((submission) => submission.formGuid === formGuid);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    if (res.destroyed) return;
    const url = new URL(req.url ?? '/', 'http://fake');
    if (this.options.control && url.pathname.startsWith('/__fake/')) {
      this.handleControl(req.method ?? 'GET', url.pathname, raw, res);
      return;
    }
    if (req.method === 'POST' && url.pathname === '/files/v3/files') {
      return this.handleUpload(req, raw, res);
    }
    if (url.pathname.startsWith('/marketing/v3/forms')) {
      this.handleForms(req, url, raw, res);
      return;
    }
    const match =
      /^\/submissions\/v3\/integration\/(secure\/submit|submit)\/([^/]+)\/([^/]+)$/.exec(
        url.pathname,
      );
    if (req.method !== 'POST' || !match) {
      this.reply(res, 404, { status: 'error', message: 'Not found' });
      return;
    }
    const [, kind, portalId, formGuid] = match as unknown as [string, string, string, string];
    const secure = kind === 'secure/submit';
    const status = this.process(req, raw, portalId, formGuid, secure, res);
    let email: string | undefined;
    try {
      const body = JSON.parse(raw.toString('utf8')) as AcceptedSubmission['body'];
      email = body.fields?.find((field) => field.name === 'email')?.value;
    } catch {
      // recorded without e-mail
    }
    this.requests.push({ formGuid, status, at: Date.now(), email });
  }

  private process(
    req: IncomingMessage,
    raw: Buffer,
    portalId: string,
    formGuid: string,
    secure: boolean,
    res: ServerResponse,
  ): number {
    const override = this.overrides.shift();
    if (override) {
      if (override.retryAfter) res.setHeader('retry-after', override.retryAfter);
      res.writeHead(override.status, { 'content-type': 'text/plain' });
      res.end(override.body ?? (override.status === 429 ? 'Too many requests' : 'Internal error'));
      return override.status;
    }
    if (secure) {
      const auth = req.headers.authorization;
      if (!this.options.accessToken || auth !== `Bearer ${this.options.accessToken}`) {
        return this.reply(res, 401, {
          status: 'error',
          message: 'Authentication credentials not found.',
          category: 'INVALID_AUTHENTICATION',
        });
      }
    }
    const form = this.options.forms[formGuid];
    if (portalId !== this.options.portalId || !form) {
      return this.reply(res, 404, {
        status: 'error',
        message: 'Form not found',
        correlationId: 'fake',
      });
    }
    let body: AcceptedSubmission['body'];
    try {
      body = JSON.parse(raw.toString('utf8')) as AcceptedSubmission['body'];
    } catch {
      return this.reply(res, 400, {
        status: 'error',
        message: 'Invalid input JSON on line 1',
        correlationId: 'fake',
      });
    }
    const errors: { message: string; errorType: string }[] = [];
    if (form.recaptcha)
      errors.push({
        message: 'This form has recaptcha enabled',
        errorType: 'FORM_HAS_RECAPTCHA_ENABLED',
      });
    if (typeof body.submittedAt !== 'number') {
      errors.push({
        message: "Error in 'submittedAt'. Must be epoch milliseconds",
        errorType: 'INVALID_METADATA',
      });
    }
    if (
      typeof body.submittedAt === 'number' &&
      body.submittedAt < Date.now() - FAKE_MAX_BACKDATE_MS
    ) {
      errors.push({
        message: "Error in 'submittedAt'. The submission time is too far in the past",
        errorType: 'INVALID_METADATA',
      });
    }
    errors.push(...consentErrors(form, body.legalConsentOptions));
    const fields = Array.isArray(body.fields) ? body.fields : [];
    if (fields.length > 1000) {
      errors.push({
        message: 'Too many fields',
        errorType: 'MAX_NUMBER_OF_SUBMITTED_VALUES_EXCEEDED',
      });
    }
    for (const [index, field] of fields.entries()) {
      if (
        typeof field?.name !== 'string' ||
        typeof field.value !== 'string' ||
        typeof field.objectTypeId !== 'string'
      ) {
        errors.push({
          message: `Error in 'fields[${index}]'. Expected objectTypeId, name and a string value`,
          errorType: 'INVALID_METADATA',
        });
        continue;
      }
      const declared = form.fields.find((f) => (typeof f === 'string' ? f : f.name) === field.name);
      if (declared === undefined) {
        errors.push({
          message: `Error in 'fields.${field.name}'. This field is not in the form definition`,
          errorType: 'FIELD_NOT_IN_FORM_DEFINITION',
        });
        continue;
      }
      const refused = valueError(fieldOf(declared, form), field.value);
      if (refused) errors.push(refused);
    }
    const required = form.fields.map((f) => fieldOf(f, form)).filter((f) => f.required);
    for (const { name } of required) {
      if (!fields.some((field) => field?.name === name && field.value !== '')) {
        errors.push({
          message: `Error in 'fields.${name}'. Required field '${name}' is missing`,
          errorType: 'REQUIRED_FIELD',
        });
      }
    }
    const hutk = body.context?.hutk;
    if (hutk !== undefined && (typeof hutk !== 'string' || !/^[a-f0-9]{32}$/.test(hutk))) {
      errors.push({ message: "Error in 'context.hutk'. Invalid hutk", errorType: 'INVALID_HUTK' });
    }
    if (errors.length > 0) {
      return this.reply(res, 400, {
        status: 'error',
        message: 'The request is not valid',
        correlationId: 'fake-correlation',
        errors,
      });
    }
    this.accepted.push({ portalId, formGuid, secure, body, receivedAt: Date.now() });
    return this.reply(res, 200, { inlineMessage: 'Thanks for submitting the form.' });
  }

  private handleControl(method: string, pathname: string, raw: Buffer, res: ServerResponse): void {
    const form = /^\/__fake\/forms\/([^/]+)$/.exec(pathname);
    if (method === 'PUT' && form) {
      this.setForm(decodeURIComponent(form[1]!), JSON.parse(raw.toString('utf8')) as FakeForm);
      this.reply(res, 204, null);
    } else if (method === 'GET' && form) {
      const stored = this.options.forms[decodeURIComponent(form[1]!)];
      if (stored) this.reply(res, 200, stored);
      else this.reply(res, 404, { status: 'error', message: 'Not found' });
    } else if (method === 'GET' && pathname === '/__fake/accepted') {
      this.reply(res, 200, this.accepted);
    } else if (method === 'GET' && pathname === '/__fake/health') {
      this.reply(res, 200, { ok: true });
    } else {
      this.reply(res, 404, { status: 'error', message: 'Not found' });
    }
  }

  /**
   * The Marketing Forms API v3, as far as the site uses it: one form, the paged list, and a
   * PATCH replacing `fieldGroups` (HubSpot allows at most three fields a group). Each answer
   * needs the bearer token.
   */
  private handleForms(req: IncomingMessage, url: URL, raw: Buffer, res: ServerResponse): void {
    if (
      !this.options.accessToken ||
      req.headers.authorization !== `Bearer ${this.options.accessToken}`
    ) {
      this.reply(res, 401, {
        status: 'error',
        message: 'Authentication credentials not found.',
        category: 'INVALID_AUTHENTICATION',
      });
      return;
    }
    this.formReads.push({ method: req.method ?? 'GET', path: url.pathname });
    if (req.method === 'GET' && url.pathname === '/marketing/v3/forms') {
      const limit = Math.min(Math.max(Number(url.searchParams.get('limit') ?? 20) || 20, 1), 50);
      const ids = Object.keys(this.options.forms);
      const start = Number(url.searchParams.get('after') ?? 0) || 0;
      const page = ids.slice(start, start + limit);
      this.reply(res, 200, {
        results: page.map((id) => formDefinition(id, this.options.forms[id]!)),
        ...(start + limit < ids.length
          ? { paging: { next: { after: String(start + limit), link: '' } } }
          : {}),
      });
      return;
    }
    const one = /^\/marketing\/v3\/forms\/([^/]+)$/.exec(url.pathname);
    const id = one ? decodeURIComponent(one[1]!) : undefined;
    const form = id === undefined ? undefined : this.options.forms[id];
    if (!id || !form) {
      this.reply(res, 404, {
        status: 'error',
        message: 'Form not found',
        category: 'OBJECT_NOT_FOUND',
      });
      return;
    }
    if (req.method === 'GET') {
      this.reply(res, 200, formDefinition(id, form));
      return;
    }
    if (req.method !== 'PATCH') {
      this.reply(res, 405, { status: 'error', message: 'Method not allowed' });
      return;
    }
    let patch: { fieldGroups?: { fields?: Record<string, unknown>[] }[] };
    try {
      patch = JSON.parse(raw.toString('utf8')) as typeof patch;
    } catch {
      this.reply(res, 400, {
        status: 'error',
        message: 'Invalid input JSON',
        category: 'VALIDATION_ERROR',
      });
      return;
    }
    if (patch.fieldGroups !== undefined) {
      const groups = Array.isArray(patch.fieldGroups) ? patch.fieldGroups : [];
      const fields: FakeField[] = [];
      for (const [g, group] of groups.entries()) {
        const list = Array.isArray(group?.fields) ? group.fields : [];
        if (list.length > 3) {
          this.reply(res, 400, {
            status: 'error',
            message: `fieldGroups[${g}] has ${list.length} fields; a group holds at most 3`,
            category: 'VALIDATION_ERROR',
          });
          return;
        }
        for (const field of list) {
          if (typeof field.name !== 'string' || typeof field.fieldType !== 'string') {
            this.reply(res, 400, {
              status: 'error',
              message: `fieldGroups[${g}]: each field needs a name and a fieldType`,
              category: 'VALIDATION_ERROR',
            });
            return;
          }
          const options = Array.isArray(field.options)
            ? (field.options as { value?: unknown }[]).map((o) => String(o.value))
            : undefined;
          fields.push({
            name: field.name,
            fieldType: field.fieldType as FakeFieldType,
            label: typeof field.label === 'string' ? field.label : field.name,
            required: field.required === true,
            hidden: field.hidden === true,
            objectTypeId: typeof field.objectTypeId === 'string' ? field.objectTypeId : '0-1',
            ...(options ? { options } : {}),
          });
        }
      }
      this.options.forms[id] = { ...form, fields, required: undefined };
    }
    this.reply(res, 200, formDefinition(id, this.options.forms[id]!));
  }

  private handleUpload(req: IncomingMessage, raw: Buffer, res: ServerResponse): void {
    if (
      !this.options.accessToken ||
      req.headers.authorization !== `Bearer ${this.options.accessToken}`
    ) {
      this.reply(res, 401, { status: 'error', message: 'Authentication credentials not found.' });
      return;
    }
    const name = /filename="([^"]+)"/.exec(raw.toString('latin1'))?.[1] ?? 'file';
    this.uploads.push({ name, bytes: raw.byteLength });
    const id = String(this.uploads.length);
    this.reply(res, 201, { id, name, url: `https://files.fake-hubspot.test/${id}/${name}` });
  }

  private reply(res: ServerResponse, status: number, body: unknown): number {
    if (status === 204) {
      res.writeHead(204).end();
      return status;
    }
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
    return status;
  }

  async close(): Promise<void> {
    await this.down();
  }
}
