/**
 * The site's flows folder: `flows/` loaded with the brand from `site/env.ts`. Server-only (the
 * engine's loader reads files and runs ajv): components get the resolved flow, plain JSON, as
 * props.
 */
import path from 'node:path';
import type { FlowVars, LoadFlowsOptions } from '@/engine';
import { env, hubspotForms } from '@/site/env';
import { unconfiguredForm } from '@/site/server/leads/form-key';
import { flowLinkHosts } from './flow-link-hosts';
import { loadFlowRegistry, type FlowRegistry } from './flow-registry';

/** The site's flows folder: `flows/` in the working directory (the repository's root). */
export const SITE_FLOWS_DIR = path.join(process.cwd(), 'flows');

/** What the site's flows are loaded with: the brand from site/env.ts. */
export function siteFlowVars(): FlowVars {
  return { brandName: env.BRAND_NAME, brandSlug: env.BRAND_SLUG };
}

/**
 * The site's loader options. Without a portal id every lead is held by design; with one, a form
 * key missing its form id is a mistake worth a warning. Endings may leave the site for the hosts
 * the deployment allows (flow-link-hosts.ts).
 */
export function siteFlowLoadOptions(): LoadFlowsOptions {
  return {
    linkHosts: flowLinkHosts(env),
    ...(env.HUBSPOT_PORTAL_ID ? { unconfiguredForm: unconfiguredForm(hubspotForms) } : {}),
  };
}

/**
 * The flows folder loaded and checked, its diagnostics logged. The runtime loads it once per
 * process (the files seed the catalogue and are all there is while Next builds).
 */
export function loadSiteFlowFiles(log: (message: string) => void = console.error): FlowRegistry {
  const registry = loadFlowRegistry(SITE_FLOWS_DIR, siteFlowVars(), siteFlowLoadOptions());
  for (const d of registry.diagnostics) log(`flow diagnostic: ${registry.format(d)}`);
  return registry;
}
