/**
 * The log's side of the events dropped over the storage limits: a flood drops events with every
 * batch, so the log says so at most once a minute, with the count since its last line. The first
 * drop is logged at once. The exact counts per flow and day are in the database
 * (`flow_event_drops`), shown with the funnel; this line is for whoever watches the server.
 */
import type { DroppedEvents } from './funnel-store';

export type DropLog = (dropped: DroppedEvents) => void;

export function createDropLog(
  log: (line: string) => void = console.warn,
  intervalMs = 60_000,
  now: () => number = Date.now,
): DropLog {
  let pending = { visit: 0, client: 0 };
  let lastLine = -Infinity;
  return (dropped) => {
    if (dropped.visit + dropped.client === 0) return;
    pending = { visit: pending.visit + dropped.visit, client: pending.client + dropped.client };
    if (now() - lastLine < intervalMs) return;
    const since = Number.isFinite(lastLine)
      ? ` in the last ${Math.round((now() - lastLine) / 1000)} s`
      : '';
    log(
      `[funnel] ${pending.visit + pending.client} event(s) dropped over the storage limits${since}: ` +
        `${pending.visit} over a visit's limit, ${pending.client} over a client's share`,
    );
    lastLine = now();
    pending = { visit: 0, client: 0 };
  };
}
