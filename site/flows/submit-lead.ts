/**
 * Sends a lead to the site's own endpoint, `POST /api/leads/{flowId}?version=N` — never to the CRM from
 * the browser. JSON `{answers, page, hidden?, captchaToken?}`, or multipart with the same fields (as JSON
 * text parts) plus one part per file when the answers carry uploads.
 */
import type { Answers } from '@/engine/client';
import { variantTag } from './variant-tag';

export interface LeadPayload {
  flowId: string;
  /** The version the visitor answered: the server checks the lead against that one. */
  flowVersion: number;
  answers: Answers;
  page: { uri: string; name: string };
  files: Record<string, File>;
  /** The flow's hidden values captured for this visit (UTM parameters, referrer, …). */
  hidden: Record<string, string>;
  captchaToken?: string;
  idempotencyKey: string;
  /** The saved progress this lead finishes (`id.key`), when the visitor kept their answers. */
  partialLead?: string;
}

/** A failed submission with a message the visitor can act on. */
export class LeadSubmitError extends Error {}

export function newIdempotencyKey(): string {
  // randomUUID needs a secure context; getRandomValues works everywhere.
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
}

function requestBody(payload: LeadPayload): { body: BodyInit; headers: Record<string, string> } {
  const files = Object.entries(payload.files);
  // The A/B test variant that served this version, if one did (experiment-variant.ts).
  const tag = variantTag(payload.flowId, payload.flowVersion);
  const experiment = tag && { id: tag.experiment, variant: tag.variant };
  const headers: Record<string, string> = { 'Idempotency-Key': payload.idempotencyKey };
  if (payload.partialLead) headers['X-Partial-Lead'] = payload.partialLead;
  if (files.length === 0) {
    headers['Content-Type'] = 'application/json';
    const json: Record<string, unknown> = { answers: payload.answers, page: payload.page };
    if (Object.keys(payload.hidden).length > 0) json.hidden = payload.hidden;
    if (payload.captchaToken) json.captchaToken = payload.captchaToken;
    if (experiment) json.experiment = experiment;
    return { body: JSON.stringify(json), headers };
  }
  const form = new FormData();
  form.set('answers', JSON.stringify(payload.answers));
  form.set('page', JSON.stringify(payload.page));
  if (Object.keys(payload.hidden).length > 0) form.set('hidden', JSON.stringify(payload.hidden));
  if (payload.captchaToken) form.set('captchaToken', payload.captchaToken);
  if (experiment) form.set('experiment', JSON.stringify(experiment));
  for (const [field, file] of files) form.set(field, file, file.name);
  return { body: form, headers };
}

function messageFor(status: number, body: unknown, retryAfter: string | null): string {
  const errors =
    body && typeof body === 'object' && Array.isArray((body as { errors?: unknown }).errors)
      ? (body as { errors: { message?: unknown }[] }).errors
          .map((e) => (typeof e.message === 'string' ? e.message : ''))
          .filter((m) => m !== '')
      : [];
  if (status === 429) {
    return `Too many submissions from your connection. Please try again in ${retryAfter ?? 'a few'} seconds.`;
  }
  if (status === 413) return 'A file is too large. Please choose a smaller file and try again.';
  if (status >= 500) {
    return 'Our server could not take your answers just now. Nothing you entered is lost: please try again.';
  }
  if (errors.length > 0) return `Please check your answers: ${errors.join('; ')}.`;
  return `Your answers could not be sent (error ${status}). Please try again.`;
}

/** Resolves with the stored lead's id; rejects with a LeadSubmitError the visitor can read. */
export async function submitLead(payload: LeadPayload): Promise<{ id: string }> {
  const { body, headers } = requestBody(payload);
  let response: Response;
  try {
    const url = `/api/leads/${encodeURIComponent(payload.flowId)}?version=${payload.flowVersion}`;
    response = await fetch(url, {
      method: 'POST',
      body,
      headers,
      credentials: 'same-origin',
    });
  } catch {
    throw new LeadSubmitError(
      'We could not reach our server. Check your connection and try again; nothing you entered is lost.',
    );
  }
  let data: unknown = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (response.status === 202 || response.status === 200) {
    const id = (data as { id?: unknown } | null)?.id;
    return { id: typeof id === 'string' ? id : '' };
  }
  throw new LeadSubmitError(messageFor(response.status, data, response.headers.get('retry-after')));
}
