/**
 * Prints the site's flows as the server's registry loads them, and where the site places them
 * (its content source and shell), as JSON, for the browser tests (see repo-flows.ts:
 * Playwright's loader cannot import the engine's loader itself).
 */
import { getContentSource } from '@/site/content/get-content-source';
import { flowPlacements } from '@/site/flows/flow-placements';
import { loadSiteFlowFiles } from '@/site/server/flows/site-flow-registry';

const placements = await flowPlacements(getContentSource());
process.stdout.write(JSON.stringify({ flows: loadSiteFlowFiles().flows, placements }));
