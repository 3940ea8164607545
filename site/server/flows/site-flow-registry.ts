/**
 * The site's flows: `flows/` loaded once per server process, with the brand from `site/env.ts`.
 * Server-only (the engine's loader reads files and runs ajv): components get the resolved flow,
 * plain JSON, as props. Its diagnostics are logged once, when it is first read.
 */
import path from 'node:path';
import { env, hubspotForms } from '@/site/env';
import { unconfiguredForm } from '@/site/server/leads/form-key';
import { loadFlowRegistry, type FlowRegistry } from './flow-registry';

let registry: FlowRegistry | undefined;

export function siteFlowRegistry(log: (message: string) => void = console.error): FlowRegistry {
  if (!registry) {
    registry = loadFlowRegistry(
      path.join(process.cwd(), 'flows'),
      { brandName: env.BRAND_NAME, brandSlug: env.BRAND_SLUG },
      // Without a portal id every lead is held by design; with one, a form key missing its
      // form id is a mistake worth a line in the log.
      env.HUBSPOT_PORTAL_ID ? { unconfiguredForm: unconfiguredForm(hubspotForms) } : {},
    );
    for (const d of registry.diagnostics) log(`flow diagnostic: ${registry.format(d)}`);
  }
  return registry;
}
