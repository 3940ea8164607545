/*
 * `npm run hubspot -- <command>`: HubSpot's own forms, as the site reads them (Marketing Forms
 * API v3, with HUBSPOT_ACCESS_TOKEN; the definitions are cached in the site database, the one
 * the server uses: DATABASE_URL, or LEADS_DB).
 *   forms [--json]         read each configured form key's form again and list it: name, id,
 *                          when read, and its fields (type, required, hidden, options)
 *   add-fields <formKey>   add to the form key's HubSpot form, as hidden fields, the fields the
 *                          live flows send that it lacks (the attribution set first)
 *   refresh                read every configured form again and store it
 * Without a token, each says once what to set and exits 2; add-fields then lists, step by step,
 * what to add in HubSpot by hand. Exit 1 when HubSpot refused or could not be reached.
 */
import {
  ATTRIBUTION_FIELDS,
  didYouMean,
  missingFields,
  type HubSpotFormDefinition,
  type MissingField,
  type ResolvedFlow,
} from '@/engine';
import { hubspotForms } from '@/site/env';
import { configuredDatabase, describedFlows } from '@/site/server/flows/described-flows';
import { formKeysOf, type RefreshOutcome } from '@/site/server/hubspot/hubspot-forms-service';
import { formKeyToEnvSuffix } from '@/site/server/leads/form-key';
import { siteRuntime } from '@/site/server/runtime/site-runtime';

const USAGE = `Usage: npm run hubspot -- <command>
  forms [--json]           read and list each form key's HubSpot form and its fields
  add-fields <formKey>     add the fields the flows send that the form lacks, as hidden fields
  refresh                  read every configured form again and store it`;

const runtime = siteRuntime();
const service = runtime.hubspotForms;

const iso = (ms: number) => new Date(ms).toISOString();
const envName = (formKey: string) => `HUBSPOT_FORM_${formKeyToEnvSuffix(formKey)}`;

/** The form keys among these that have a HubSpot form id (HUBSPOT_FORM_<KEY>). */
const configuredOf = (keys: readonly string[]) =>
  keys.filter((key) => hubspotForms[formKeyToEnvSuffix(key)] !== undefined);

/** Says once why nothing can be read, as a line a marketer can act on. */
function disabled(): number | undefined {
  const status = service.status();
  if (status.enabled) return undefined;
  console.error(`${status.reason}.`);
  return 2;
}

function describeField(field: HubSpotFormDefinition['fields'][number]): string {
  const flags = [
    field.fieldType,
    ...(field.required ? ['required'] : []),
    ...(field.hidden ? ['hidden'] : []),
    ...(field.objectTypeId === '0-1' ? [] : [`object ${field.objectTypeId}`]),
  ];
  const options = field.options ? `: ${field.options.join(' | ')}` : '';
  return `  - ${field.name} (${flags.join(', ')})${options}`;
}

async function forms(flows: readonly ResolvedFlow[], json: boolean): Promise<number> {
  const off = disabled();
  if (off !== undefined) return off;
  const keys = formKeysOf(flows);
  const outcomes = await service.refresh(configuredOf(keys));
  const definitions = await service.definitions();
  const configured = new Map(outcomes.map((o) => [o.formKey, o]));
  const unconfigured = keys.filter((key) => !configured.has(key));
  if (json) {
    const out = outcomes.map((o) => ({
      formKey: o.formKey,
      formId: o.formId,
      read: o.ok,
      ...(o.error === undefined ? {} : { error: o.error }),
      definition: definitions[o.formKey] ?? null,
    }));
    process.stdout.write(`${JSON.stringify({ forms: out, unconfigured }, null, 2)}\n`);
    return outcomes.every((o) => o.ok) ? 0 : 1;
  }
  for (const outcome of outcomes) {
    const definition = definitions[outcome.formKey];
    if (!outcome.ok) {
      console.log(
        `${outcome.formKey}: form ${outcome.formId} (${envName(outcome.formKey)}) not read: ${outcome.error}`,
      );
      if (!definition) {
        console.log('  nothing stored for it yet: its leads are not checked against HubSpot');
        continue;
      }
      console.log('  the definition stored before stays in use:');
    }
    if (!definition) continue;
    console.log(
      `${outcome.formKey}: HubSpot form "${definition.name}" (${definition.formId}), read ${iso(definition.fetchedAt)}`,
    );
    for (const field of definition.fields) console.log(describeField(field));
  }
  if (unconfigured.length > 0) {
    console.log(
      `Form keys with no HubSpot form (${unconfigured.map(envName).join(', ')} unset): ${unconfigured.join(', ')}`,
    );
  }
  return outcomes.every((o) => o.ok) ? 0 : 1;
}

async function refresh(flows: readonly ResolvedFlow[]): Promise<number> {
  const off = disabled();
  if (off !== undefined) return off;
  const outcomes: RefreshOutcome[] = await service.refresh(configuredOf(formKeysOf(flows)));
  for (const o of outcomes) {
    console.log(
      o.ok
        ? `${o.formKey}: read "${o.definition?.name}" (${o.formId}), ${o.definition?.fields.length} fields`
        : `${o.formKey}: not read (${o.error}); the stored definition, if any, stays in use`,
    );
  }
  if (outcomes.length === 0) console.log('No configured form key to read.');
  return outcomes.every((o) => o.ok) ? 0 : 1;
}

const objectName = (objectTypeId: string) =>
  objectTypeId === '0-1' ? 'contact' : objectTypeId === '0-2' ? 'company' : objectTypeId;

/** What to add in HubSpot by hand when the site cannot change the form itself. */
async function manualSteps(formKey: string, flows: readonly ResolvedFlow[]): Promise<void> {
  // Without a database there is no cache to read (and none is made for it).
  const cached =
    configuredDatabase() === undefined ? undefined : (await service.cachedDefinitions())[formKey];
  const fields: MissingField[] = missingFields(flows, { formKey, fields: cached?.fields ?? [] });
  const form = cached
    ? `"${cached.name}" (id ${cached.formId})`
    : configuredOf([formKey]).length > 0
      ? `whose id ${envName(formKey)} names`
      : `that is to take these leads (and set ${envName(formKey)} to its id)`;
  if (cached && fields.length === 0) {
    console.log(
      `As read on ${iso(cached.fetchedAt)}, HubSpot form ${form} has every field the flows send under "${formKey}": nothing to add.`,
    );
    return;
  }
  console.log(`To add them by hand in HubSpot (form key "${formKey}"):`);
  console.log(
    '  1. For each field below, check that a property of that internal name exists (Settings ›',
  );
  console.log(
    '     Properties, on the object named); create the missing ones as single-line text.',
  );
  console.log(`  2. In Marketing › Forms, open the HubSpot form ${form}.`);
  console.log(
    '  3. Add each field below to the form from its property, and make it a hidden field, so',
  );
  console.log("     the form's own visitors see nothing new; do not make it required.");
  console.log('  4. Update (publish) the form, then: npm run leads -- retry --all-held');
  console.log(
    cached
      ? `Fields the form lacks (as read on ${iso(cached.fetchedAt)}):`
      : 'No definition of the form was read yet: these are all the fields the flows send under it; skip the ones it has:',
  );
  for (const field of fields) {
    const attribution = ATTRIBUTION_FIELDS.includes(field.name) ? ', attribution' : '';
    console.log(
      `  - ${field.name} (${objectName(field.objectTypeId)} property${attribution}) labelled "${field.label}"`,
    );
  }
}

async function addFields(formKey: string | undefined, flows: readonly ResolvedFlow[]) {
  const keys = formKeysOf(flows);
  if (formKey === undefined) {
    console.error(`${USAGE}\nForm keys: ${keys.join(', ')}`);
    return 2;
  }
  if (!keys.includes(formKey)) {
    console.error(
      `No flow sends the form key "${formKey}". ${didYouMean(formKey, keys)}Form keys: ${keys.join(', ')}`,
    );
    return 2;
  }
  const off = disabled();
  if (off !== undefined) {
    console.error('So the fields cannot be added from here.');
    await manualSteps(formKey, flows);
    return off;
  }
  try {
    const outcome = await service.addMissingFields(formKey, flows);
    const form = `HubSpot form "${outcome.definition.name}" (${outcome.formId})`;
    if (outcome.added.length === 0) {
      console.log(`Nothing missing: ${form} has every field the flows send under "${formKey}".`);
      return 0;
    }
    console.log(`Added to ${form}, as hidden single-line text fields:`);
    for (const field of outcome.added) {
      console.log(`  + ${field.name} (${objectName(field.objectTypeId)}) "${field.label}"`);
    }
    return 0;
  } catch (error) {
    console.error(
      `The fields were not added: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  }
}

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (command !== 'forms' && command !== 'add-fields' && command !== 'refresh') {
    console.error(USAGE);
    return command === undefined || command === '--help' ? 0 : 2;
  }
  // The flows visitors get: the live versions in the database, else the files.
  const flows = Object.values((await describedFlows()).registry.flows);
  if (command === 'refresh') return refresh(flows);
  if (command === 'forms') return forms(flows, rest.includes('--json'));
  return addFields(
    rest.find((a) => !a.startsWith('--')),
    flows,
  );
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  // A PostgreSQL pool would keep the process alive.
  await runtime.close();
}
