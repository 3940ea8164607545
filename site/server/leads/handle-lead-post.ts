/**
 * `POST /api/leads/{flowId}`: checks a submission against the flow (never trusting the browser),
 * stores it, and answers `202 {"id"}` only once the lead is committed to disk. The first
 * delivery attempt starts right after. Every refusal is a 4xx with `{errors: [{field, message}]}`.
 *
 * `?version=N` names the version of the flow the visitor answered (the renderer sends the one it
 * ran): the lead is checked against that version, so a visitor who started before a publish
 * finishes on the version they saw. Without it, the newest published version checks the lead.
 */
import { newLeadId } from './lead-id';
import { buildSubmissions, captchaAction, checkHiddenValues, validateAnswers } from '@/engine';
import { errorResponse } from '@/site/server/http/api-response';
import { clientIp } from '@/site/server/http/client-ip';
import { overRateLimit, readPostBody } from '@/site/server/http/post-checks';
import { hubspotUtk } from './hubspot-utk';
import { uploadSpecs } from './upload-specs';
import { honeypotField, honeypotTripped } from './honeypot';
import type { StoredFile } from './lead-types';
import type { LeadServices } from './lead-services';
import { DuplicateLeadError } from './lead-store';
import {
  parseJsonBody,
  parseMultipartBody,
  type FieldError,
  type ParsedRequest,
} from './parse-lead-request';
import { checkUpload } from './sniff-upload';
import { webhookDeliveries } from './webhook-payload';
import { partialFromHeader } from './partial-lead-header';

/** JSON bodies carry answers only; 256 KiB is far above any real form. */
const maxJsonBytes = 256 * 1024;
const idempotencyKeyPattern = /^[\x21-\x7e]{1,200}$/;
const leadTypes = new Set(['application/json', 'multipart/form-data']);

const refuse = errorResponse;

/** How long a visitor is asked to wait when the site cannot store a lead (a disk or database fault). */
export const STORAGE_RETRY_SECONDS = 30;

/** What the visitor reads when their lead could not be stored: their answers stay in the form. */
export function storageUnavailable(retryAfterSeconds: number): string {
  return `Your answers could not be saved just now; nothing you entered is lost. Please try again in ${retryAfterSeconds} seconds.`;
}

/** The `version` query parameter: undefined when absent, null when not a version number. */
function requestedVersion(url: string): number | undefined | null {
  const raw = new URL(url, 'http://site.invalid').searchParams.get('version');
  if (raw === null) return undefined;
  return /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
}

export async function handleLeadPost(
  request: Request,
  flowId: string,
  services: LeadServices,
): Promise<Response> {
  const receivedAt = Date.now();
  const ip = clientIp(request.headers);

  const limited = await overRateLimit(request, services.rateLimit, 'submissions');
  if (limited) return limited;

  const version = requestedVersion(request.url);
  if (version === null) {
    return refuse(400, [{ field: 'version', message: 'version must be a whole number from 1' }]);
  }
  const newest = await services.flows.flow(flowId);
  if (!newest) {
    return refuse(404, [
      { field: 'flowId', message: `There is no form "${flowId.slice(0, 100)}"` },
    ]);
  }
  const flow =
    version === undefined || version === newest.version
      ? newest
      : await services.flows.flow(flowId, version);
  if (!flow) {
    return refuse(404, [
      {
        field: 'version',
        message: `Form "${flowId.slice(0, 100)}" has no version ${version}; reload the page`,
      },
    ]);
  }

  const idempotencyKey = request.headers.get('idempotency-key') ?? undefined;
  if (idempotencyKey !== undefined && !idempotencyKeyPattern.test(idempotencyKey)) {
    return refuse(400, [
      {
        field: 'Idempotency-Key',
        message: 'Idempotency-Key must be 1 to 200 visible ASCII characters',
      },
    ]);
  }
  if (idempotencyKey !== undefined) {
    const existing = await services.store.findByIdempotencyKey(flowId, idempotencyKey);
    if (existing) return Response.json({ id: existing }, { status: 202 });
  }

  const uploads = uploadSpecs(flow);
  const uploadBytes = [...uploads.values()].reduce((sum, spec) => sum + (spec.maxBytes ?? 0), 0);
  const body = await readPostBody(request, {
    types: leadTypes,
    typeMessage: 'Send application/json or multipart/form-data',
    maxBytes: (type) => (type === 'application/json' ? maxJsonBytes : maxJsonBytes + uploadBytes),
  });
  if (!body.ok) return body.response;
  const mediaType = body.type;

  const parsed: ParsedRequest =
    mediaType === 'application/json'
      ? parseJsonBody(body.bytes)
      : await parseMultipartBody(
          body.bytes,
          request.headers.get('content-type') ?? '',
          new Set(uploads.keys()),
        );
  if (!parsed.ok) return refuse(400, parsed.errors);
  const lead = parsed.request;

  if (honeypotTripped(lead.honeypot)) {
    return refuse(400, [{ field: honeypotField, message: 'This field must be left empty' }]);
  }

  // Upload answers are the files' names; an upload sent without its answer still counts.
  const answers = { ...lead.answers };
  for (const file of lead.files) answers[file.field] = file.name;
  const uploaded = new Set(lead.files.map((file) => file.field));
  const missingFiles: FieldError[] = [...uploads.entries()]
    .filter(
      ([name]) => typeof answers[name] === 'string' && answers[name] !== '' && !uploaded.has(name),
    )
    .map(([name, spec]) => ({
      field: name,
      message: `${spec.label}: the file itself was not sent`,
    }));
  if (missingFiles.length > 0) return refuse(400, missingFiles);

  const validated = validateAnswers(flow, answers);
  if (!validated.ok) return refuse(400, validated.errors);
  const hidden = checkHiddenValues(flow, lead.hidden);
  if (!hidden.ok) return refuse(400, hidden.errors);

  const checkedFiles: {
    field: string;
    name: string;
    bytes: Uint8Array;
    mime: string;
    ext: string;
  }[] = [];
  for (const file of lead.files) {
    const spec = uploads.get(file.field);
    if (!spec || !(file.field in validated.answers)) {
      return refuse(400, [
        { field: file.field, message: `${file.field} is not asked on this path` },
      ]);
    }
    const check = await checkUpload(spec, file.bytes);
    if (!check.ok) return refuse(check.status, [{ field: file.field, message: check.message }]);
    checkedFiles.push({ ...file, mime: check.mime, ext: check.ext });
  }

  const captcha = await services.captcha.verify(lead.captchaToken, ip, captchaAction(flow.id));
  if (!captcha.ok) {
    return captcha.kind === 'rejected'
      ? refuse(400, [{ field: 'captchaToken', message: captcha.message }])
      : refuse(503, [{ field: 'captchaToken', message: captcha.message }], { 'retry-after': '5' });
  }

  let stored: StoredFile[];
  try {
    stored = await services.files.storeAll(checkedFiles);
  } catch (error) {
    // The uploads folder is full, read-only or gone: nothing was kept, the visitor tries again.
    console.error(`[leads] could not store the uploads of a ${flowId} lead:`, error);
    return refuse(503, [{ field: 'request', message: storageUnavailable(STORAGE_RETRY_SECONDS) }], {
      'retry-after': String(STORAGE_RETRY_SECONDS),
    });
  }
  const submissions = buildSubmissions(flow, validated, {
    submittedAt: receivedAt,
    pageUri: lead.page.uri,
    pageName: lead.page.name,
    hutk: hubspotUtk(request.headers),
    ...(ip ? { ipAddress: ip } : {}),
    hidden: hidden.values,
    files: Object.fromEntries(stored.map((file) => [file.field, services.fileLink(file.token)])),
  });
  if (submissions.length === 0) {
    await services.files.remove(stored);
    return refuse(400, [
      { field: 'answers', message: 'These answers end the form without a submission' },
    ]);
  }

  const leadId = newLeadId(receivedAt);
  // A lead that finishes saved progress claims it first: of two finishes, one stores a lead.
  const partial = services.partials && partialFromHeader(request.headers);
  if (partial) {
    const claim = await services.partials!.claim(partial, leadId);
    if (claim.kind === 'finished') {
      await services.files.remove(stored);
      return Response.json({ id: claim.leadId }, { status: 202 });
    }
  }
  const hubspot = submissions.map((submission) => ({
    formKey: submission.formKey,
    body: submission.body,
  }));
  try {
    const id = await services.store.insertLead({
      id: leadId,
      flowId,
      flowVersion: flow.version,
      answers: validated.answers,
      hidden: hidden.values,
      ...(lead.experiment ? { experiment: lead.experiment } : {}),
      pageUri: lead.page.uri,
      pageName: lead.page.name,
      hutk: hubspotUtk(request.headers),
      clientIp: ip,
      submittedAt: receivedAt,
      receivedAt,
      idempotencyKey,
      submissions: hubspot,
      webhooks: webhookDeliveries(services.webhooks ?? [], {
        id: leadId,
        flow,
        answers: validated.answers,
        hidden: hidden.values,
        page: lead.page,
        receivedAt,
        submissions: hubspot,
        fileLinks: Object.fromEntries(
          stored.map((file) => [file.field, services.fileLink(file.token)]),
        ),
      }),
      files: stored,
    });
    if (partial) await services.partials!.finished(partial);
    services.onNewLead?.({ id, flow, answers: validated.answers, receivedAt });
    return Response.json({ id }, { status: 202 });
  } catch (error) {
    await services.files.remove(stored);
    if (partial) await services.partials!.release(partial, leadId);
    if (error instanceof DuplicateLeadError)
      return Response.json({ id: error.existingId }, { status: 202 });
    throw error;
  }
}
