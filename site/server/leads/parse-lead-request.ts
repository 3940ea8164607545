/**
 * Turns the raw body of `POST /api/leads/{flowId}` into a checked request: JSON
 * `{answers, page, hidden?, captchaToken?, website?}`, or multipart with the same fields as parts
 * (`answers`, `page` and `hidden` as JSON text) plus one file part per upload field, named by the field.
 * Shape errors become `{field, message}` entries; the flow itself is checked later by the engine.
 */
import { z } from 'zod';
import { findUnstorable, unstorableText } from '@/site/server/http/storable-text';
import { honeypotField } from './honeypot';

export interface FieldError {
  field: string;
  message: string;
}

export interface UploadedFile {
  field: string;
  name: string;
  bytes: Uint8Array;
}

export interface LeadRequest {
  answers: Record<string, string | string[] | boolean>;
  page: { uri: string; name: string };
  /** Hidden values as the browser captured them; the flow's rules check them later. */
  hidden?: unknown;
  captchaToken?: string;
  honeypot?: unknown;
  files: UploadedFile[];
  /** The A/B test and variant that served the flow version (site/flows/variant-tag.ts). */
  experiment?: { id: number; variant: string };
}

export type ParsedRequest =
  { ok: true; request: LeadRequest } | { ok: false; errors: FieldError[] };

const answerValue = z.union([
  z.string().max(10_000, 'is too long (at most 10,000 characters)'),
  z.array(z.string().max(1_000, 'has an option that is too long')).max(200, 'has too many options'),
  z.boolean(),
]);

const httpUrl = z
  .string()
  .max(2048, 'is too long')
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an absolute http(s) URL');

const leadBody = z.object({
  answers: z
    .record(z.string().min(1).max(200), answerValue, 'must be an object of answers')
    .refine((answers) => Object.keys(answers).length <= 200, 'has too many answers'),
  page: z.object(
    {
      uri: httpUrl,
      name: z.string('is required').min(1, 'is required').max(200, 'is too long'),
    },
    'must be an object with uri and name',
  ),
  hidden: z.unknown().optional(),
  captchaToken: z.string().max(4096, 'is too long').optional(),
  [honeypotField]: z.unknown().optional(),
  experiment: z
    .object(
      {
        id: z.int('must be a whole number').min(1).max(2_147_483_647),
        variant: z.string().regex(/^[A-Za-z0-9_-]{1,16}$/, 'must be a variant key'),
      },
      'must be an object with id and variant',
    )
    .optional(),
});

/** Answer problems are reported under the answer's own name, as the form knows its fields. */
function fieldOf(path: readonly PropertyKey[]): string {
  const [first, second] = path.map(String);
  return first === 'answers' && second ? second : path.map(String).join('.') || 'body';
}

function toErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => {
    const field = fieldOf(issue.path);
    const message =
      issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : issue.message;
    return { field, message: `${field} ${message}`.replace(/^(\S+) \1 /, '$1 ') };
  });
}

function checkShape(value: unknown, files: UploadedFile[]): ParsedRequest {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, errors: [{ field: 'body', message: 'The body must be a JSON object' }] };
  }
  // Before the shape: no rule of a field may answer for text that no database stores.
  const unstorable = findUnstorable(value);
  if (unstorable) {
    const field = fieldOf(unstorable.path);
    return { ok: false, errors: [{ field, message: `${field} ${unstorable.problem}` }] };
  }
  const parsed = leadBody.safeParse(value);
  if (!parsed.success) return { ok: false, errors: toErrors(parsed.error) };
  return {
    ok: true,
    request: {
      answers: parsed.data.answers,
      page: parsed.data.page,
      hidden: parsed.data.hidden,
      captchaToken: parsed.data.captchaToken,
      honeypot: parsed.data[honeypotField],
      files,
      ...(parsed.data.experiment ? { experiment: parsed.data.experiment } : {}),
    },
  };
}

export function parseJsonBody(bytes: Uint8Array): ParsedRequest {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return { ok: false, errors: [{ field: 'body', message: 'The body is not valid JSON' }] };
  }
  return parseJsonValue(value);
}

/** A JSON body already parsed (the progress endpoint reads its own fields from it too). */
export function parseJsonValue(value: unknown): ParsedRequest {
  return checkShape(value, []);
}

function jsonPart(form: FormData, name: string): { value?: unknown; error?: FieldError } {
  const part = form.get(name);
  if (part === null) return {};
  if (typeof part !== 'string')
    return { error: { field: name, message: `${name} must be text, not a file` } };
  try {
    return { value: JSON.parse(part) };
  } catch {
    return { error: { field: name, message: `${name} is not valid JSON` } };
  }
}

export async function parseMultipartBody(
  bytes: Uint8Array<ArrayBuffer>,
  contentType: string,
  uploadFields: ReadonlySet<string>,
): Promise<ParsedRequest> {
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
  } catch {
    return {
      ok: false,
      errors: [{ field: 'body', message: 'The multipart body could not be read' }],
    };
  }
  const errors: FieldError[] = [];
  const files: UploadedFile[] = [];
  const fields: Record<string, unknown> = {};
  for (const name of ['answers', 'page', 'hidden', 'experiment']) {
    const { value, error } = jsonPart(form, name);
    if (error) errors.push(error);
    else if (value !== undefined) fields[name] = value;
  }
  for (const name of ['captchaToken', honeypotField]) {
    const part = form.get(name);
    if (part !== null) fields[name] = typeof part === 'string' ? part : '(file)';
  }
  const seen = new Set<string>();
  for (const [name, part] of form.entries()) {
    if (typeof part === 'string') continue;
    if (!uploadFields.has(name)) {
      errors.push({ field: name, message: `${name} is not an upload field of this form` });
      continue;
    }
    if (seen.has(name)) {
      errors.push({ field: name, message: `${name} takes one file` });
      continue;
    }
    seen.add(name);
    const unstorableName = unstorableText(part.name);
    if (unstorableName) {
      errors.push({ field: name, message: `${name}: the file's name ${unstorableName}` });
      continue;
    }
    files.push({
      field: name,
      name: part.name || name,
      bytes: new Uint8Array(await part.arrayBuffer()),
    });
  }
  if (errors.length > 0) return { ok: false, errors };
  return checkShape(fields, files);
}
