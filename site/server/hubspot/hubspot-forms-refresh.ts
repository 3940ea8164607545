/**
 * A server's schedule of form definition reads: once at start, then every
 * `HUBSPOT_FORMS_REFRESH_MS`. A refresh that fails (HubSpot down, a form id HubSpot does not
 * know, the database away) keeps the definitions stored before and is logged once per outage,
 * not at every pass; the pass that succeeds again says so. Nothing here throws or waits in
 * the way of a request: each pass runs in the background, one at a time.
 */
import type { HubSpotFormsService } from './hubspot-forms-service';

export interface FormsRefresh {
  stop(): void;
}

export function startHubSpotFormsRefresh(
  service: HubSpotFormsService,
  options: { intervalMs: number; log?: (message: string) => void },
): FormsRefresh {
  const log = options.log ?? ((message) => console.log(`[hubspot] ${message}`));
  const status = service.status();
  if (!status.enabled) {
    log(status.reason ?? 'form definitions are not read');
    return { stop: () => undefined };
  }
  let running = false;
  let failing: string | undefined;
  let readOnce = false;

  async function pass(): Promise<void> {
    if (running) return;
    running = true;
    try {
      let problem: string | undefined;
      let read: string[] = [];
      try {
        const outcomes = await service.refresh();
        read = outcomes.map((o) => o.formKey);
        const failed = outcomes.filter((o) => !o.ok);
        if (failed.length > 0) problem = failed.map((o) => `${o.formKey}: ${o.error}`).join('; ');
      } catch (error) {
        problem = error instanceof Error ? error.message : String(error);
      }
      if (problem !== undefined && failing === undefined) {
        log(`form definitions not refreshed, the stored ones stay in use: ${problem}`);
      } else if (problem === undefined && failing !== undefined) {
        log('form definitions refreshed again');
      } else if (problem === undefined && !readOnce) {
        log(`form definitions read for ${read.join(', ') || 'no form key'}`);
      }
      if (problem === undefined) readOnce = true;
      failing = problem;
    } finally {
      running = false;
    }
  }

  void pass();
  const timer = setInterval(() => void pass(), options.intervalMs);
  // A schedule alone never keeps a process alive.
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
