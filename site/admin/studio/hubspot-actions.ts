/**
 * The flow studio's HubSpot actions, each a POST from the studio's HubSpot panel, checked like
 * every staff action (checkStaffPost) and answered with JSON: read the flow's HubSpot forms again,
 * or add to one of them the fields the flow sends that it lacks. Both answer with the definitions
 * the site holds afterwards, which the studio checks the text against from then on. Without a
 * HubSpot token (hubspotForms' status) both are refused with the reason.
 */
import { checkStaffPost } from '@/site/server/admin/admin-post';
import { recordAudit } from '@/site/server/admin/audit-log';
import { errorResponse, jsonResponse } from '@/site/server/http/api-response';
import { siteRuntime } from '@/site/server/runtime/site-runtime';
import { loadedNow } from './publish-refusal';
import { MAX_STUDIO_FORM_BYTES } from './studio-actions';

/** A form key as flows write it (letters, digits, `_` and `-`), at most 64 characters. */
const FORM_KEY = /^[A-Za-z][\w-]{0,63}$/;

/** At most this many form keys a refresh: a flow has one or two. */
const MAX_FORM_KEYS = 20;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The service, or the refusal when HubSpot's forms cannot be read with this configuration. */
function enabledService() {
  const hubspot = siteRuntime().hubspotForms;
  const status = hubspot.status();
  if (status.enabled) return hubspot;
  return errorResponse(409, [
    { field: 'hubspot', message: `HubSpot is not connected: ${status.reason ?? 'no token'}` },
  ]);
}

/**
 * `formKeys` (comma-separated): reads those form keys' HubSpot forms again and stores them.
 * 200 `{outcomes: [{formKey, formId, ok, error?}], definitions}`; 400 without a valid form key;
 * 409 when HubSpot is not connected.
 */
export async function refreshHubSpotPost(request: Request): Promise<Response> {
  const checked = await checkStaffPost(request);
  if (!checked.ok) return checked.response;
  const formKeys = [
    ...new Set((checked.form.get('formKeys') ?? '').split(',').map((k) => k.trim())),
  ].filter(Boolean);
  if (
    formKeys.length === 0 ||
    formKeys.length > MAX_FORM_KEYS ||
    !formKeys.every((k) => FORM_KEY.test(k))
  ) {
    return errorResponse(400, [
      { field: 'formKeys', message: 'Name the form keys to read, separated by commas' },
    ]);
  }
  const hubspot = enabledService();
  if (hubspot instanceof Response) return hubspot;
  const outcomes = await hubspot.refresh(formKeys);
  return jsonResponse(200, {
    outcomes: outcomes.map(({ formKey, formId, ok, error }) => ({ formKey, formId, ok, error })),
    definitions: await hubspot.definitions(),
  });
}

/**
 * `formKey`, `source` (the studio's text): adds to the form key's HubSpot form, as hidden text
 * fields, the fields the text's flow sends under it that the form lacks (the attribution set
 * first), and records it in the audit log. 200 `{formKey, formId, added: [{name, label,
 * objectTypeId}], definitions}`; 400 when the text has errors (a half-typed name would be added
 * to HubSpot) or sends nothing under that form key; 409 when HubSpot is not connected; 502 with
 * HubSpot's refusal.
 */
export async function addHubSpotFieldsPost(request: Request, flowId: string): Promise<Response> {
  const checked = await checkStaffPost(request, undefined, MAX_STUDIO_FORM_BYTES);
  if (!checked.ok) return checked.response;
  const formKey = checked.form.get('formKey') ?? '';
  const source = checked.form.get('source');
  if (!FORM_KEY.test(formKey) || source === null) {
    return errorResponse(400, [
      { field: 'formKey', message: 'Name the form key and send the flow text' },
    ]);
  }
  const hubspot = enabledService();
  if (hubspot instanceof Response) return hubspot;
  const flow = await loadedNow(flowId, source);
  if (!flow) {
    // Not 422: the studio's posts read a 422 as the publish's diagnostics (studio-form.ts).
    return errorResponse(400, [
      { field: 'source', message: 'The text has errors: fix them before adding fields' },
    ]);
  }
  if (!flow.submissions.some((s) => s.formKey === formKey)) {
    return errorResponse(400, [
      { field: 'formKey', message: `This flow sends nothing under form key "${formKey}"` },
    ]);
  }
  let outcome;
  try {
    outcome = await hubspot.addMissingFields(formKey, [flow]);
  } catch (error) {
    return errorResponse(502, [{ field: 'hubspot', message: messageOf(error) }]);
  }
  const { formId, added } = outcome;
  if (added.length > 0) {
    await recordAudit({
      staff: checked.staff,
      action: 'added HubSpot fields',
      detail: `${formKey} (form ${formId}), from ${flowId}: ${added.map((f) => f.name).join(', ')}`,
    });
  }
  return jsonResponse(200, {
    formKey,
    formId,
    added,
    definitions: await hubspot.definitions(),
  });
}
