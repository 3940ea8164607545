/**
 * The flow studio's actions, each a POST of a form from a studio page, checked like every staff
 * action (checkStaffPost: a staff session, this site's page, this session's token) and recorded in
 * the audit log when it changes what visitors get. The editor sends its forms with `fetch` and
 * reads JSON; the versions page and the new-flow form are plain HTML forms answered with a
 * redirect (303), so they work without script.
 *
 * A draft save, a publish and a discard name the text they started from (`baseVersion`,
 * `baseRevision`: draft-base.ts); when another member of staff saved, published or discarded
 * since, nothing is written and the answer is a 409 with the flow's text now (`conflict`), which
 * the studio shows so that nobody's change is overwritten unseen.
 */
import { plainWords } from '@/engine';
import { checkStaffPost, seeOther } from '@/site/server/admin/admin-post';
import { recordAudit } from '@/site/server/admin/audit-log';
import type { FlowHead } from '@/site/server/flows/flow-catalogue';
import { errorResponse, jsonResponse } from '@/site/server/http/api-response';
import { siteRuntime } from '@/site/server/runtime/site-runtime';
import { conflictHeadline } from './draft-conflict';
import { baseOf, conflictResponse } from './draft-base';
import { FLOW_TEMPLATES, newFlowFromTemplate } from './flow-templates';
import { FLOW_ID_PATTERN } from './new-flow-template';
import { publishRefusal } from './publish-refusal';
import { CONFIRM_FIELD, MAX_PUBLISH_NOTE, NEED_FIELD } from './studio-form';

/** A flow's text with room to grow: the largest flow today is 8 KiB. */
export const MAX_STUDIO_FORM_BYTES = 512 * 1024;

/** The 413 of a studio form, in the words of what it was for: "too large to save". */
const tooLargeTo = (what: string) =>
  `This flow is too large to ${what} (over ${MAX_STUDIO_FORM_BYTES / 1024} KiB)`;

export const studioPath = (flowId: string) => `/admin/flows/${encodeURIComponent(flowId)}/edit`;
export const versionsPath = (flowId: string) =>
  `/admin/flows/${encodeURIComponent(flowId)}/versions`;

async function knownFlow(flowId: string): Promise<boolean> {
  const store = siteRuntime().catalogue;
  return (await store.latest(flowId)) !== undefined || (await store.draftOf(flowId)) !== undefined;
}

/**
 * `source`, `baseVersion`, `baseRevision`: keeps the text as the flow's draft, valid or not, as
 * its next revision. 200 `{savedAt, revision, baseVersion}`; 409 with `conflict` from a stale base.
 */
export async function saveDraftPost(request: Request, flowId: string): Promise<Response> {
  const checked = await checkStaffPost(
    request,
    undefined,
    MAX_STUDIO_FORM_BYTES,
    tooLargeTo('save'),
  );
  if (!checked.ok) return checked.response;
  if (!(await knownFlow(flowId)))
    return errorResponse(404, [{ field: 'flowId', message: `There is no flow "${flowId}"` }]);
  const source = checked.form.get('source');
  if (source === null)
    return errorResponse(400, [{ field: 'source', message: 'The flow text is missing' }]);
  const base = baseOf(checked.form);
  if (base instanceof Response) return base;
  const saved = await siteRuntime().catalogue.saveDraft(flowId, source, checked.staff.email, base);
  if (!saved.ok) return conflictResponse(flowId, saved.head, base, 'save');
  const { savedAt, revision, baseVersion } = saved.draft;
  return jsonResponse(200, { savedAt, revision, baseVersion });
}

/**
 * `baseVersion`, `baseRevision`: drops the draft the editor knows, and the editor goes back to the
 * published version: 200 `{discarded, version, source}` (the newest version now); 409 with
 * `conflict` when the draft was saved again since.
 */
export async function discardDraftPost(request: Request, flowId: string): Promise<Response> {
  const checked = await checkStaffPost(request, undefined, MAX_STUDIO_FORM_BYTES);
  if (!checked.ok) return checked.response;
  const base = baseOf(checked.form);
  if (base instanceof Response) return base;
  const catalogue = siteRuntime().catalogue;
  const result = await catalogue.discardDraft(flowId, checked.staff.email, base);
  if (!result.ok) return conflictResponse(flowId, result.head, base, 'discard');
  const latest = await catalogue.latest(flowId);
  return jsonResponse(200, {
    discarded: result.discarded,
    version: latest?.version ?? 0,
    source: latest?.source ?? '',
  });
}

function noteOf(form: URLSearchParams): string | Response {
  const note = (form.get('note') ?? '').trim();
  if (note === '')
    return errorResponse(400, [
      { field: 'note', message: 'Say in a few words what this version changes' },
    ]);
  if (note.length > MAX_PUBLISH_NOTE)
    return errorResponse(400, [
      { field: 'note', message: `Keep the note under ${MAX_PUBLISH_NOTE} characters` },
    ]);
  return note;
}

/**
 * `source`, `note`, `baseVersion`, `baseRevision`, and `confirm`: `drop-identity` when a form key
 * stops sending `email`, `hubspot-refusals` when HubSpot would refuse some of its leads' fields
 * (both, separated by a space, when both apply): publishes the text as the flow's next version
 * when the engine finds no error and the flow is still at the base.
 * 200 `{version, source, warnings}` (`source`: the text as stored, its `version` set);
 * 422 `{diagnostics}` with every problem at its line;
 * 409 `{errors, conflict}` from a stale base (asked first, and again as the version is stored);
 * 409 `{errors}` when publishRefusal refuses it: `source`, "Nothing changed since version N:
 * there is nothing to publish"; `confirm`, a form key named that would no longer send `email`,
 * or a field named that HubSpot would refuse, without the confirmation.
 */
export async function publishPost(request: Request, flowId: string): Promise<Response> {
  const checked = await checkStaffPost(
    request,
    undefined,
    MAX_STUDIO_FORM_BYTES,
    tooLargeTo('publish'),
  );
  if (!checked.ok) return checked.response;
  const source = checked.form.get('source');
  if (source === null)
    return errorResponse(400, [{ field: 'source', message: 'The flow text is missing' }]);
  const note = noteOf(checked.form);
  if (note instanceof Response) return note;
  const base = baseOf(checked.form);
  if (base instanceof Response) return base;
  const catalogue = siteRuntime().catalogue;
  // Stale first: "nothing changed" or a confirmation would be judged against a text not seen.
  const stale = await catalogue.staleBase(flowId, 'publish', base);
  if (stale) return conflictResponse(flowId, stale, base, 'publish');
  const refused = await publishRefusal(flowId, source, checked.form);
  if (refused)
    return errorResponse(
      409,
      refused.map(({ field, message }) => ({ field, message })),
    );
  const meta = { author: checked.staff.email, note };
  const result = await catalogue.publishFrom(flowId, source, meta, base);
  if (!result.ok) {
    if ('conflict' in result) return conflictResponse(flowId, result.conflict, base, 'publish');
    return jsonResponse(422, { diagnostics: result.diagnostics });
  }
  await recordAudit({
    staff: checked.staff,
    action: 'published flow',
    detail: `${flowId} version ${result.version}: ${note}`,
  });
  // The catalogue's publish refreshed this instance's flows; the others see it within
  // FLOWS_WATCH_MS.
  return jsonResponse(200, {
    version: result.version,
    source: result.source,
    warnings: result.warnings,
  });
}

/**
 * `version`, `baseVersion` and `baseRevision` (the newest version and the draft the page showed),
 * and `confirm` (`drop-identity`, `hubspot-refusals`: one checkbox each) when publishRefusal
 * asks for it: publishes an old version's text again, as the next version (no script needed), and ends
 * the draft. Back to the versions page, with `published=<new number>`, or with `problem=<why
 * not>` (an old version that no longer loads; a version published or a draft saved since the page
 * was loaded; publishRefusal's refusals), and `confirm=<version>` with a `need=<confirmation>`
 * each when it is a confirmation that is missing, so the page asks for them on that version's
 * form.
 */
export async function republishPost(request: Request, flowId: string): Promise<Response> {
  const checked = await checkStaffPost(request);
  if (!checked.ok) return checked.response;
  // A version number INTEGER holds on both databases: PostgreSQL refuses a larger one.
  const given = checked.form.get('version') ?? '';
  const version = /^\d{1,9}$/.test(given) ? Number(given) : NaN;
  const store = siteRuntime().catalogue;
  const source = Number.isInteger(version) ? await store.versionSource(flowId, version) : undefined;
  if (source === undefined)
    return errorResponse(404, [{ field: 'version', message: `There is no version ${version}` }]);
  // `confirm`: the version whose form asks for the confirmations `needs` names.
  const back = (problem: string, needs: string[] = []) =>
    seeOther(
      `${versionsPath(flowId)}?problem=${encodeURIComponent(problem)}` +
        (needs.length === 0 ? '' : `&${CONFIRM_FIELD}=${version}`) +
        needs.map((need) => `&${NEED_FIELD}=${encodeURIComponent(need)}`).join(''),
    );
  const base = baseOf(checked.form);
  if (base instanceof Response) return base;
  const since = (head: FlowHead) => back(`${conflictHeadline(head)} since this page was loaded`);
  const stale = await store.staleBase(flowId, 'publish', base);
  if (stale) return since(stale);
  const refused = await publishRefusal(flowId, source, checked.form);
  if (refused) {
    const needs = [...new Set(refused.flatMap((e) => (e.confirm ? [e.confirm] : [])))];
    return back(refused.map((e) => e.message).join('; '), needs);
  }
  const note = `version ${version} published again`;
  const meta = { author: checked.staff.email, note };
  const result = await store.publishFrom(flowId, source, meta, base);
  if (!result.ok && 'conflict' in result) return since(result.conflict);
  if (!result.ok) {
    // An old version can stop loading when a shared option list changed since.
    const problems = result.diagnostics
      .map((d) => `${plainWords(d).message}${d.where ? ` (in ${d.where})` : ''}`)
      .join('; ');
    return back(`Version ${version} no longer loads: ${problems}`);
  }
  await recordAudit({
    staff: checked.staff,
    action: 'published flow',
    detail: `${flowId} version ${result.version}: ${note}`,
  });
  return seeOther(`${versionsPath(flowId)}?published=${result.version}`);
}

/**
 * `id`, `title`, `template` (a starting point of flow-templates.ts; the contact form without one)
 * and `list` (the shared list a starting point asks from): starts a new flow's draft from it and
 * opens it in the studio.
 */
export async function createFlowPost(request: Request): Promise<Response> {
  const checked = await checkStaffPost(request);
  if (!checked.ok) return checked.response;
  const flowId = (checked.form.get('id') ?? '').trim();
  const title = (checked.form.get('title') ?? '').trim() || flowId;
  const back = (problem: string) =>
    seeOther(
      `/admin/flows?problem=${encodeURIComponent(problem)}&id=${encodeURIComponent(flowId)}`,
    );
  if (!FLOW_ID_PATTERN.test(flowId) || flowId.length > 60) {
    return back('A flow id starts with a letter and has only letters, digits and _ (60 at most)');
  }
  // `/admin/flows/new` is this action's own address.
  if (
    flowId === 'new' ||
    (await siteRuntime().flows.fresh(0)).get(flowId) ||
    (await knownFlow(flowId))
  ) {
    return back(`There is already a flow "${flowId}": open it from the list`);
  }
  const chosen = checked.form.get('template') ?? 'contact';
  const template = FLOW_TEMPLATES.find((t) => t.id === chosen);
  if (!template) return back('Choose one of the starting points offered');
  const list = checked.form.get('list') ?? '';
  if (template.needsList) {
    await siteRuntime().catalogue.reloadOptionLists();
    if (!Object.hasOwn(siteRuntime().catalogue.optionListData(), list))
      return back('Choose one of the shared lists for that starting point');
  }
  // From nothing (version 0, no draft): of two members of staff creating the same id, one wins.
  const created = await siteRuntime().catalogue.saveDraft(
    flowId,
    newFlowFromTemplate(template.id, { flowId, title, list }),
    checked.staff.email,
    { version: 0, revision: 0 },
  );
  if (!created.ok) return back(`There is already a flow "${flowId}": open it from the list`);
  await recordAudit({ staff: checked.staff, action: 'created flow draft', detail: flowId });
  return seeOther(studioPath(flowId));
}
