/**
 * `npm run flows -- check --hubspot`: every flow checked against HubSpot's own forms (engine
 * `checkHubSpot`). The definitions are read again first; when HubSpot cannot be reached the ones
 * stored before are used, and the check says so. Without a token it says once that it is skipped
 * and why, and finds nothing. Each finding is placed at its line and column in the flow's file.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { checkHubSpot, locateInText, type Diagnostic } from '@/engine';
import { hubspotForms } from '@/site/env';
import type { FlowRegistry } from '@/site/server/flows/flow-registry';
import { formKeysOf } from '@/site/server/hubspot/hubspot-forms-service';
import { formKeyToEnvSuffix } from '@/site/server/leads/form-key';
import { siteRuntime } from '@/site/server/runtime/site-runtime';

/** Notes go to stderr beside the diagnostics, as the rest of `check` writes. */
export async function hubspotDiagnostics(
  registry: FlowRegistry,
  note: (line: string) => void = console.error,
): Promise<Diagnostic[]> {
  const service = siteRuntime().hubspotForms;
  const status = service.status();
  if (!status.enabled) {
    note(`HubSpot check skipped: ${status.reason}.`);
    return [];
  }
  const flows = Object.values(registry.flows);
  const keys = formKeysOf(flows).filter(
    (key) => hubspotForms[formKeyToEnvSuffix(key)] !== undefined,
  );
  const failed = (await service.refresh(keys)).filter((o) => !o.ok);
  const forms = await service.definitions();
  for (const outcome of failed) {
    const stored = forms[outcome.formKey];
    note(
      stored
        ? `HubSpot form of "${outcome.formKey}" not read (${outcome.error}): checked against the definition stored on ${new Date(stored.fetchedAt).toISOString()}`
        : `HubSpot form of "${outcome.formKey}" not read (${outcome.error}) and none stored: its leads are not checked`,
    );
  }
  return flows.flatMap((flow) => {
    const file = `${flow.id}.json`;
    const found = checkHubSpot(flow, forms, { file });
    if (found.length === 0) return [];
    const text = readFileSync(path.join(registry.dir, file), 'utf8');
    return locateInText(file, text, found);
  });
}
