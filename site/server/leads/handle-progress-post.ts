/**
 * `POST /api/leads/{flowId}/progress`: saved progress with consent. The same checks as a lead
 * (rate limit, another site's page refused, a JSON body within 256 KiB, text a database stores,
 * the honeypot, the flow at the version answered), then one of:
 *
 * - `{"action":"save", version, step, history, answers, page, consent: true, partial?}` keeps the
 *   answers of the steps passed (never files) as a partial lead, once the visitor ticked the
 *   box and passed the step that asks their e-mail address. Answers `200 {id, key}`: the handle
 *   the browser sends with later saves, with "Forget my answers", and with the lead that
 *   finishes it.
 * - `{"action":"forget", partial}` deletes it: `200 {forgotten}`.
 * - `{"action":"link", partial}` mails a resume link to the address saved: `200 {expiresAt}`.
 *
 * The consent recorded is the words of the box in the version answered, as the site shows them.
 */
import {
  answerKeysOf,
  EMAIL,
  messages,
  emailStep,
  findStep,
  stepProgress,
  uploadFields,
  SAVE_PROGRESS_EMAIL,
  type ResolvedFlow,
} from '@/engine';
import { z } from 'zod';
import { errorResponse, jsonResponse } from '@/site/server/http/api-response';
import { fromAnotherSite, overRateLimit, readPostBody } from '@/site/server/http/post-checks';
import { clientIp } from '@/site/server/http/client-ip';
import { honeypotField, honeypotTripped } from './honeypot';
import { hubspotUtk } from './hubspot-utk';
import type { LeadServices } from './lead-services';
import { parseJsonValue } from './parse-lead-request';
import type { PartialKey, PartialLeadStore } from './partial-lead-store';
import type { ResumeService } from './resume-service';

const maxJsonBytes = 256 * 1024;
const jsonOnly = new Set(['application/json']);
const refuse = errorResponse;

const handleShape = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  key: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/),
});
const stepId = z.string().min(1).max(200);
const saveShape = z.object({
  action: z.literal('save'),
  version: z.number().int().min(1).max(999_999_999),
  step: stepId,
  history: z.array(stepId).max(200),
  consent: z.literal(true, 'The box keeping your answers must be ticked'),
  partial: handleShape.optional(),
});
const forgetShape = z.object({ action: z.literal('forget'), partial: handleShape });
const linkShape = z.object({ action: z.literal('link'), partial: handleShape });

type ProgressServices = LeadServices & { partials: PartialLeadStore; resume: ResumeService };

/** Answers a progress request; a fault of ours (the database down) is a 503, never a 500. */
export async function answerProgressPost(
  request: Request,
  flowId: string,
  services: ProgressServices,
): Promise<Response> {
  try {
    return await handleProgressPost(request, flowId, services);
  } catch (error) {
    console.error('[leads] could not save progress:', error);
    return refuse(503, [{ field: 'request', message: 'Your answers could not be kept just now' }], {
      'retry-after': '30',
    });
  }
}

export async function handleProgressPost(
  request: Request,
  flowId: string,
  services: ProgressServices,
): Promise<Response> {
  const now = Date.now();
  const early =
    (await overRateLimit(request, services.rateLimit, 'submissions')) ??
    fromAnotherSite(request, 'Progress is saved from this site only');
  if (early) return early;
  const body = await readPostBody(request, {
    types: jsonOnly,
    typeMessage: 'Send application/json',
    maxBytes: maxJsonBytes,
  });
  if (!body.ok) return body.response;
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body.bytes));
  } catch {
    return refuse(400, [{ field: 'body', message: 'The body is not valid JSON' }]);
  }

  const forget = forgetShape.safeParse(raw);
  if (forget.success) {
    const forgotten = await services.partials.forget(forget.data.partial);
    return jsonResponse(200, { forgotten });
  }
  const link = linkShape.safeParse(raw);
  if (link.success) return mailLink(link.data.partial, services, now);

  // The answers, page and honeypot are read exactly as a lead's are.
  const parsed = parseJsonValue(raw);
  if (!parsed.ok) return refuse(400, parsed.errors);
  if (honeypotTripped(parsed.request.honeypot)) {
    return refuse(400, [{ field: honeypotField, message: 'This field must be left empty' }]);
  }
  const save = saveShape.safeParse(raw);
  if (!save.success) {
    return refuse(
      400,
      save.error.issues.map((issue) => ({
        field: issue.path.map(String).join('.') || 'body',
        message: issue.message,
      })),
    );
  }
  const { version, step, history, partial } = save.data;

  const flow = await services.flows.flow(flowId, version);
  if (!flow) {
    return refuse(404, [
      { field: 'flowId', message: `There is no form "${flowId.slice(0, 100)}" version ${version}` },
    ]);
  }
  if (!flow.saveProgress) {
    return refuse(403, [{ field: 'flowId', message: 'This form does not keep answers' }]);
  }
  const current = findStep(flow, step);
  const emailAt = emailStep(flow);
  if (!current || history.some((id) => !findStep(flow, id))) {
    return refuse(400, [{ field: 'step', message: 'The form has no such step; reload the page' }]);
  }
  if (!emailAt || !history.includes(emailAt.id)) {
    return refuse(400, [
      { field: 'history', message: 'Answers are kept only after the e-mail address is given' },
    ]);
  }
  const answers = passedAnswers(flow, history, parsed.request.answers);
  const email = answers[SAVE_PROGRESS_EMAIL];
  if (typeof email !== 'string' || !EMAIL.test(email)) {
    return refuse(400, [{ field: SAVE_PROGRESS_EMAIL, message: messages.invalidEmail }]);
  }
  const numbered = stepProgress(flow, answers, step);
  const handle = await services.partials.save(
    {
      flowId,
      flowVersion: flow.version,
      email,
      answers,
      step,
      history,
      stepNumber: numbered?.n ?? history.length + 1,
      stepTotal: numbered?.total ?? flow.steps.length,
      stepQuestion: current.question || step,
      pageUri: parsed.request.page.uri,
      consentText: flow.saveProgress.consent,
    },
    partial,
    now,
  );
  if (!handle) {
    return refuse(409, [{ field: 'partial', message: 'These answers were already sent' }]);
  }
  // HubSpot gets it through the outbox (partial-deliveries.ts), when the flow names a form key.
  const { page, hidden } = parsed.request;
  const [hutk, ipAddress] = [hubspotUtk(request.headers), clientIp(request.headers)];
  const saved = { partialId: handle.id, answers, history, page, hutk, ipAddress, hidden };
  await services.partialDeliveries?.saved(flow, saved, now);
  return jsonResponse(200, handle);
}

/**
 * "E-mail me a link to finish later": a resume link to the address the partial lead was saved
 * with, never to one the request names. `200 {expiresAt}`; a mail that cannot be sent is a 503
 * the visitor can try again.
 */
async function mailLink(handle: PartialKey, services: ProgressServices, now: number) {
  const partial = await services.partials.open(handle);
  if (!partial) {
    return refuse(404, [{ field: 'partial', message: 'These answers are no longer kept' }]);
  }
  try {
    const { expiresAt } = await services.resume.mail(partial, now, false);
    return jsonResponse(200, { expiresAt });
  } catch (error) {
    console.error('[leads] a resume link could not be mailed:', error);
    return refuse(
      503,
      [
        {
          field: 'request',
          message: 'The e-mail could not be sent just now; try again in a minute',
        },
      ],
      { 'retry-after': '60' },
    );
  }
}

/** The answers of the steps the visitor passed, never an upload (files are not kept). */
function passedAnswers(
  flow: ResolvedFlow,
  history: readonly string[],
  answers: Record<string, string | string[] | boolean>,
): Record<string, string | string[] | boolean> {
  const files = new Set(uploadFields(flow).map((field) => field.name));
  const asked = new Set(
    history.flatMap((id) => {
      const passed = findStep(flow, id);
      return passed ? answerKeysOf(passed) : [];
    }),
  );
  return Object.fromEntries(
    Object.entries(answers).filter(([key]) => asked.has(key) && !files.has(key)),
  );
}
