/**
 * A server's runtime without Next, as a process of its own: started as every launcher starts it
 * (`startSiteRuntime`, the delivery worker, the flow watcher and the HubSpot form refresh), kept
 * running for RUN_MS, then stopped. For tests of what a started runtime does in the background.
 * Run: `tsx tests/integration/support/run-site-runtime.ts` (with runScript).
 */
import { startSiteRuntime } from '@/site/server/runtime/site-runtime';

const runtime = startSiteRuntime();
await new Promise((resolve) => setTimeout(resolve, Number(process.env.RUN_MS ?? 1000)));
await runtime.stop();
