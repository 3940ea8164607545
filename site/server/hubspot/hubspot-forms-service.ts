/**
 * The site's view of HubSpot's own forms (the Marketing Forms API v3): each configured form
 * key's form definition, read with `HUBSPOT_ACCESS_TOKEN`, cached in the database so every
 * instance and the CLI see the same, refreshed on demand and on a schedule. Without a token it
 * is disabled and says so once: every check that needs a definition is skipped.
 * Reached through `siteRuntime().hubspotForms`.
 */
import type { HubSpotFormDefinition, HubSpotForms, MissingField, ResolvedFlow } from '@/engine';

/** The form keys these flows send, each once, in the order the flows name them. */
export const formKeysOf = (flows: readonly ResolvedFlow[]): string[] => [
  ...new Set(flows.flatMap((flow) => flow.submissions.map((s) => s.formKey))),
];

export interface HubSpotFormsStatus {
  /** Whether definitions can be read (a token is set and HubSpot is configured). */
  enabled: boolean;
  /** Why not, in words a marketer can act on (which variable to set). */
  reason?: string;
}

/** One form key's refresh: read from HubSpot and stored, or why not. */
export interface RefreshOutcome {
  formKey: string;
  formId: string;
  ok: boolean;
  error?: string;
  definition?: HubSpotFormDefinition;
}

/** What `addMissingFields` changed on one HubSpot form. */
export interface AddFieldsOutcome {
  formKey: string;
  formId: string;
  /** The fields added (empty when none was missing). */
  added: MissingField[];
  /** The form as HubSpot returned it after the change (also stored). */
  definition: HubSpotFormDefinition;
}

export interface HubSpotFormsService {
  status(): HubSpotFormsStatus;
  /**
   * The stored definitions by form key, each only while its form id is still the configured one
   * (a form key pointed at another form has none until the next refresh). Empty when disabled.
   */
  definitions(): Promise<HubSpotForms>;
  /**
   * The same stored definitions (configured form ids only) whatever the status: a service without
   * a token still has what was read before. For telling staff what to add by hand, never for
   * checks (a disabled service checks nothing).
   */
  cachedDefinitions(): Promise<HubSpotForms>;
  /**
   * Reads the given form keys' forms (by default every configured one the live flows send) and
   * stores them. Never throws: a form HubSpot refused or did not answer for, one with no
   * `HUBSPOT_FORM_<KEY>`, or a disabled service, is an outcome with `ok: false` and the reason;
   * what was stored before stays.
   */
  refresh(formKeys?: readonly string[]): Promise<RefreshOutcome[]>;
  /**
   * Adds to the form key's HubSpot form, as hidden single-line text fields, the fields these
   * flows send that it lacks (the attribution set first: engine `missingFields`), then stores
   * the form HubSpot returns. Throws an Error with a message for staff when HubSpot refuses.
   */
  addMissingFields(formKey: string, flows: readonly ResolvedFlow[]): Promise<AddFieldsOutcome>;
}
