/**
 * Many visits, quickly, for the funnel's large-dataset tests and `npm run bench:funnel`: visitors
 * walking a flow at random (each step shown, one of its transitions taken, now and then back a
 * step and on again, leaving on the way 15 % of the time) until an ending, written straight into
 * `flow_events` in large statements. Seeded, so a run writes the same visits every time.
 */
import type { Insertable, Kysely } from 'kysely';
import { indexFlow, targetsOf, type ResolvedFlow } from '@/engine';
import type { FlowEventTable, FunnelTables } from '@/site/server/funnel/funnel-schema';

/** A small deterministic generator (mulberry32) of numbers in [0, 1). */
export function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** One visit's events as `'step'` (shown) and `'step#i'` (taken), in order. */
export function randomWalk(flow: ResolvedFlow, next: () => number): string[] {
  const { steps, endings } = indexFlow(flow);
  const script: string[] = [];
  let at = flow.start;
  let previous: string | undefined;
  for (;;) {
    script.push(at);
    if (next() < 0.15) return script;
    if (previous !== undefined && next() < 0.1) script.push(previous, at); // back, then on again
    const targets = targetsOf(steps.get(at)!);
    const i = Math.floor(next() * targets.length);
    script.push(`${at}#${i}`);
    if (endings.has(targets[i]!)) return script;
    previous = at;
    at = targets[i]!;
  }
}

export interface RandomSeed {
  flow: ResolvedFlow;
  version: number;
  /** Events to write in all (the last visit is cut short to fit). */
  events: number;
  seed: number;
  /** Visits begin at random over `days` days from `from` (ms), 5 s between events. */
  from: number;
  days: number;
}

/** Writes the visits; resolves with how many there were. */
export async function seedRandomEvents(
  db: Kysely<FunnelTables>,
  options: RandomSeed,
): Promise<{ visits: number }> {
  const next = random(options.seed);
  const rowsPerStatement = 2_000; // 16,000 values: within both databases' limits
  let rows: Insertable<FlowEventTable>[] = [];
  let written = 0;
  let visits = 0;
  while (written < options.events) {
    const visit = `r${options.seed}x${(visits++).toString(16).padStart(20, '0')}`;
    const start = options.from + Math.floor(next() * options.days * 86_400_000);
    const script = randomWalk(options.flow, next).slice(0, options.events - written);
    script.forEach((entry, seq) => {
      const at = start + seq * 5_000;
      rows.push({
        flow_id: options.flow.id,
        flow_version: options.version,
        visit_id: visit,
        seq,
        step: entry.split('#')[0]!,
        transition: entry.includes('#') ? entry : null,
        client_time: at,
        received_at: at,
      });
    });
    written += script.length;
    if (rows.length >= rowsPerStatement || written >= options.events) {
      await db.insertInto('flow_events').values(rows).execute();
      rows = [];
    }
  }
  return { visits };
}
