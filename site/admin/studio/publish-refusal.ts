/**
 * What the studio's publish actions refuse before the catalogue is asked to publish: a text that
 * loads, but whose publishing would be a mistake, judged against the flow's newest published
 * version as the catalogue holds it now (not the version the editor's page was loaded with:
 * another member of staff may have published since), checked with the option lists the
 * catalogue's publish checks with, and against the HubSpot forms' definitions the site holds now.
 */
import { isErrorDiagnostic, sameContent, type Diagnostic, type ResolvedFlow } from '@/engine';
import { isOptionListId } from '@/site/server/flows/flow-catalogue';
import { siteRuntime } from '@/site/server/runtime/site-runtime';
import { changeSummary, identityWarning } from './change-summary';
import { nothingToPublish } from './same-flow';
import { hubspotRefusalWords, hubspotWarnings } from './hubspot-checks';
import { CONFIRM_FIELD, DROP_IDENTITY, HUBSPOT_REFUSALS, confirmations } from './studio-form';

/** The flow a check gives, when the text has no error (as the catalogue's publish decides). */
const loaded = (checked: { flow?: ResolvedFlow; diagnostics: Diagnostic[] }) =>
  checked.diagnostics.some(isErrorDiagnostic) ? undefined : checked.flow;

/**
 * `source`'s flow as a publish of it would load it now, with the option lists as stored now (the
 * publish reads them again); undefined when the text has an error.
 */
export async function loadedNow(flowId: string, source: string): Promise<ResolvedFlow | undefined> {
  const catalogue = siteRuntime().catalogue;
  await catalogue.reloadOptionLists();
  return loaded(catalogue.check(flowId, source));
}

/** How a refusal that a confirmation lifts ends. */
const ANYWAY = '. Confirm that you understand to publish anyway';

/** A refusal, as an error of the answer; `confirm`: the CONFIRM_FIELD value that lifts it. */
export interface PublishRefusal {
  field: string;
  message: string;
  confirm?: string;
}

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
 * - HubSpot refuses leads (field `confirm`, one error per finding): the text's submissions,
 *   checked against the HubSpot forms' definitions the site holds now (the engine's
 *   checkHubSpot), send a field, a value or a type HubSpot refuses, or leave out a field it
 *   requires, and the form does not carry `confirm=hubspot-refusals` (HUBSPOT_REFUSALS), which
 *   the studio sends once staff tick the box naming the consequence. Both confirmations may be
 *   needed at once: the studio sends them in one field, separated by a space.
 *
 * The published version is needed for the first two (not for a flow never published, nor for a
 * newest version that no longer loads: any text that does is a change), the definitions for the
 * third (without a HubSpot token there are none). No refusal for a text that does not load (the
 * catalogue's publish answers with its diagnostics), nor for a shared option list (not a flow).
 */
export async function publishRefusal(
  flowId: string,
  source: string,
  form: URLSearchParams,
): Promise<PublishRefusal[] | undefined> {
  if (isOptionListId(flowId)) return undefined;
  const catalogue = siteRuntime().catalogue;
  const latest = await catalogue.latest(flowId);
  const next = await loadedNow(flowId, source);
  if (!next) return undefined;
  const live = latest && loaded(catalogue.check(flowId, latest.source));
  if (latest && live && sameContent(live, next)) {
    return [{ field: 'source', message: nothingToPublish(latest.version) }];
  }
  const confirmed = confirmations(form);
  const lost = live && !confirmed.has(DROP_IDENTITY) ? changeSummary(live, next).identity : [];
  const refused: PublishRefusal[] = lost.map((formKey) => ({
    field: CONFIRM_FIELD,
    message: `${identityWarning(formKey)}${ANYWAY}`,
    confirm: DROP_IDENTITY,
  }));
  if (!confirmed.has(HUBSPOT_REFUSALS))
    refused.push(...(await hubspotRefusals(flowId, source, next)));
  return refused.length > 0 ? refused : undefined;
}

/** What HubSpot would refuse of the leads of `source`'s flow, by the definitions held now. */
async function hubspotRefusals(
  flowId: string,
  source: string,
  flow: ResolvedFlow,
): Promise<PublishRefusal[]> {
  const hubspot = siteRuntime().hubspotForms;
  if (!hubspot.status().enabled) return [];
  const findings = hubspotWarnings(flowId, source, flow, await hubspot.definitions());
  return findings.map((d) => ({
    field: CONFIRM_FIELD,
    message: `${hubspotRefusalWords(d)}${ANYWAY}`,
    confirm: HUBSPOT_REFUSALS,
  }));
}
