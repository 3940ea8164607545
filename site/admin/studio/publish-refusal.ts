/**
 * What the studio's publish actions refuse before the catalogue is asked to publish: a text that
 * loads, but whose publishing would be a mistake, judged against the flow's newest published
 * version as the catalogue holds it now (not the version the editor's page was loaded with:
 * another member of staff may have published since), checked with the option lists the
 * catalogue's publish checks with.
 */
import { isErrorDiagnostic, sameContent, type Diagnostic, type ResolvedFlow } from '@/engine';
import { isOptionListId } from '@/site/server/flows/flow-catalogue';
import type { ApiError } from '@/site/server/http/api-response';
import { siteRuntime } from '@/site/server/runtime/site-runtime';
import { changeSummary, identityWarning } from './change-summary';
import { nothingToPublish } from './same-flow';
import { CONFIRM_FIELD, DROP_IDENTITY } from './studio-form';

/** The flow a check gives, when the text has no error (as the catalogue's publish decides). */
const loaded = (checked: { flow?: ResolvedFlow; diagnostics: Diagnostic[] }) =>
  checked.diagnostics.some(isErrorDiagnostic) ? undefined : checked.flow;

/**
 * Why publishing `source` as `flowId`'s next version is refused, as the errors of the answer
 * (the actions answer them with 409); undefined when the publish may go on.
 *
 * - Nothing changed (field `source`): the text resolves to the same flow as the newest version
 *   (the engine's sameContent: the version number aside). A new version would only add a line to the history and
 *   make every instance reload the flow for nothing.
 * - HubSpot loses the contact (field `confirm`, one error per form key): a form key that sends
 *   `email` in the newest version no longer does, or is no longer sent at all, and the form does
 *   not carry `confirm=drop-identity` (CONFIRM_FIELD, DROP_IDENTITY), which the studio sends once
 *   staff tick "I understand HubSpot will no longer be able to identify these contacts".
 *
 * No refusal for a flow never published, for a text that does not load (the catalogue's publish
 * answers with its diagnostics), for a newest version that no longer loads (any text that does is
 * a change), nor for a shared option list (not a flow).
 */
export async function publishRefusal(
  flowId: string,
  source: string,
  form: URLSearchParams,
): Promise<ApiError[] | undefined> {
  if (isOptionListId(flowId)) return undefined;
  const catalogue = siteRuntime().catalogue;
  const latest = await catalogue.latest(flowId);
  if (!latest) return undefined;
  // The lists as stored now, as the publish that follows reads them again.
  await catalogue.reloadOptionLists();
  const next = loaded(catalogue.check(flowId, source));
  const live = next && loaded(catalogue.check(flowId, latest.source));
  if (!next || !live) return undefined;
  if (sameContent(live, next)) {
    return [{ field: 'source', message: nothingToPublish(latest.version) }];
  }
  if (form.get(CONFIRM_FIELD) === DROP_IDENTITY) return undefined;
  const lost = changeSummary(live, next).identity;
  if (lost.length === 0) return undefined;
  return lost.map((formKey) => ({
    field: CONFIRM_FIELD,
    message: `${identityWarning(formKey)}. Confirm that you understand to publish anyway`,
  }));
}
