/**
 * Prints the site's flows as the server under test serves them, and where the site places them
 * (its content source and shell), as JSON, for the browser tests (see repo-flows.ts:
 * Playwright's loader cannot import the engine's loader itself). `--live`: the catalogue's live
 * versions over the database the environment names (site/server/flows/described-flows.ts);
 * otherwise the flows folder's files, which a fresh database is seeded with.
 */
import { getContentSource } from '@/site/content/get-content-source';
import { flowPlacements } from '@/site/flows/flow-placements';
import { describedFlows } from '@/site/server/flows/described-flows';
import { siteRuntime } from '@/site/server/runtime/site-runtime';

const described = await describedFlows({ files: !process.argv.includes('--live') });
const placements = await flowPlacements(getContentSource(), described.registry.flows);
process.stdout.write(
  JSON.stringify({ flows: described.registry.flows, placements, source: described.source }),
);
await siteRuntime().close();
