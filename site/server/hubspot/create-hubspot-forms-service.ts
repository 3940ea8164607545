/**
 * The HubSpotFormsService over the site database and HubSpot's Forms API
 * (hubspot-forms-service.ts says what each operation promises). The definitions are keyed by form
 * key and kept with the form id they were read from, so pointing `HUBSPOT_FORM_<KEY>` at another
 * form hides the old definition at once, before any refresh.
 */
import {
  missingFields,
  type HubSpotFormDefinition,
  type HubSpotForms,
  type ResolvedFlow,
} from '@/engine';
import { env, hubspotForms } from '@/site/env';
import type { SiteDatabase } from '@/site/server/db/database';
import { formKeyToEnvSuffix } from '@/site/server/leads/form-key';
import { createHubSpotFormsClient, type HubSpotFormsClient } from './hubspot-forms-client';
import type {
  AddFieldsOutcome,
  HubSpotFormsService,
  HubSpotFormsStatus,
  RefreshOutcome,
} from './hubspot-forms-service';
import { storeForm, storedForms } from './hubspot-forms-store';
import type { HubSpotFormAnswer } from './parse-hubspot-form';

export interface HubSpotFormsConfig {
  /** The host of HubSpot's Files and Forms APIs (HUBSPOT_FILES_API_BASE). */
  apiBase: string;
  accessToken?: string;
  portalId?: string;
  /** Form ids by env suffix (`CONTACT_BANNER`), as `hubspotForms` in site/env.ts. */
  forms: Readonly<Record<string, string>>;
  timeoutMs: number;
}

/** The configuration the environment gives (site/env.ts). */
export function hubspotFormsConfig(): HubSpotFormsConfig {
  return {
    apiBase: env.HUBSPOT_FILES_API_BASE,
    accessToken: env.HUBSPOT_ACCESS_TOKEN,
    portalId: env.HUBSPOT_PORTAL_ID,
    forms: hubspotForms,
    timeoutMs: env.HUBSPOT_TIMEOUT_MS,
  };
}

export interface HubSpotFormsDependencies {
  database: () => Promise<SiteDatabase>;
  config: HubSpotFormsConfig;
  /** The form keys the live flows send, each once: what `refresh()` reads when not told which. */
  formKeys: () => readonly string[];
  now?: () => number;
}

/** Why definitions cannot be read with this configuration, or undefined when they can. */
function disabledReason(config: HubSpotFormsConfig): string | undefined {
  if (!config.accessToken) {
    return "HUBSPOT_ACCESS_TOKEN is not set (a HubSpot private app token with the forms scope): HubSpot's form definitions are not read";
  }
  if (!config.portalId) {
    return "HUBSPOT_PORTAL_ID is not set: leads go to no HubSpot portal, so HubSpot's form definitions are not read";
  }
  if (Object.keys(config.forms).length === 0) {
    return 'no HUBSPOT_FORM_<KEY> is set: there is no HubSpot form whose definition to read';
  }
  return undefined;
}

/** HubSpot reads a few forms at once, well under its rate limit of 100 calls per 10 s. */
const PARALLEL_READS = 4;

async function eachLimited<T, R>(items: readonly T[], run: (item: T) => Promise<R>) {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await run(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, items.length) }, worker));
  return results;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A hidden single-line text field of its own group, as `add-fields` appends it: hidden, so the
 * visitors of HubSpot's own form see nothing new; its own group, as HubSpot holds at most three
 * fields a group and the form's own groups are kept as they are.
 */
const groupOf = (field: { name: string; label: string; objectTypeId: string }) => ({
  groupType: 'default_group',
  richTextType: 'text',
  fields: [
    {
      objectTypeId: field.objectTypeId,
      name: field.name,
      label: field.label,
      fieldType: 'single_line_text',
      hidden: true,
      required: false,
    },
  ],
});

export function createHubSpotFormsService(deps: HubSpotFormsDependencies): HubSpotFormsService {
  const { config, database } = deps;
  const now = deps.now ?? Date.now;
  const reason = disabledReason(config);
  const client: HubSpotFormsClient | undefined =
    reason === undefined && config.accessToken
      ? createHubSpotFormsClient({
          apiBase: config.apiBase,
          accessToken: config.accessToken,
          timeoutMs: config.timeoutMs,
        })
      : undefined;
  const formIdOf = (formKey: string): string | undefined =>
    config.forms[formKeyToEnvSuffix(formKey)];
  const unconfigured = (formKey: string) =>
    `no HubSpot form id for "${formKey}": set HUBSPOT_FORM_${formKeyToEnvSuffix(formKey)}`;

  const definitionOf = (formKey: string, form: HubSpotFormAnswer): HubSpotFormDefinition => ({
    formKey,
    formId: form.id,
    name: form.name,
    fields: form.fields,
    fetchedAt: now(),
  });

  async function cachedDefinitions(): Promise<HubSpotForms> {
    const stored = await storedForms(database);
    return Object.fromEntries(
      stored.filter((d) => d.formId === formIdOf(d.formKey)).map((d) => [d.formKey, d]),
    );
  }

  async function refreshOne(formKey: string): Promise<RefreshOutcome> {
    const formId = formIdOf(formKey) ?? '';
    if (!client) return { formKey, formId, ok: false, error: reason };
    if (formId === '') return { formKey, formId, ok: false, error: unconfigured(formKey) };
    try {
      const definition = definitionOf(formKey, await client.getForm(formId));
      await storeForm(database, definition);
      return { formKey, formId, ok: true, definition };
    } catch (error) {
      return { formKey, formId, ok: false, error: messageOf(error) };
    }
  }

  return {
    status: (): HubSpotFormsStatus =>
      reason === undefined ? { enabled: true } : { enabled: false, reason },

    async definitions() {
      return client ? cachedDefinitions() : {};
    },

    cachedDefinitions,

    async refresh(formKeys) {
      const keys = formKeys ?? deps.formKeys().filter((key) => formIdOf(key));
      return eachLimited(keys, refreshOne);
    },

    async addMissingFields(formKey: string, flows: readonly ResolvedFlow[]) {
      if (!client) throw new Error(reason);
      const formId = formIdOf(formKey);
      if (!formId) throw new Error(unconfigured(formKey));
      const live = await client.getForm(formId);
      const added = missingFields(flows, { formKey, fields: live.fields });
      const changed =
        added.length === 0
          ? live
          : await client.patchFieldGroups(formId, [...live.fieldGroups, ...added.map(groupOf)]);
      const definition = definitionOf(formKey, changed);
      await storeForm(database, definition);
      return { formKey, formId, added, definition } satisfies AddFieldsOutcome;
    },
  };
}
