/**
 * Prints the site's flows as the server's registry loads them, as JSON, for the browser tests
 * (see repo-flows.ts: Playwright's loader cannot import the engine's loader itself).
 */
import { siteFlowRegistry } from '@/site/server/flows/site-flow-registry';

process.stdout.write(JSON.stringify({ flows: siteFlowRegistry().flows }));
