/**
 * Who has a flow open in the studio, across instances: each open editor (a browser tab) sends a
 * heartbeat every few seconds (PRESENCE_BEAT_MS, studio-form.ts), which stores the tab's row
 * (`flow_presence`) and reads back the others. A tab unseen for PRESENCE_TTL_MS is no longer
 * shown (a closed laptop sends no leave); one that left says so (`leavePresence`, on pagehide).
 * Rows unseen for an hour are deleted by the next heartbeat on the flow; until then a tab whose
 * timers the browser slowed in the background comes back with the time it was opened.
 */
import type { SiteDatabase } from '@/site/server/db/database';
import { siteDatabase } from '@/site/server/runtime/site-runtime';
import type { FlowVersionTables } from './flow-versions-schema';

/** Three missed heartbeats: the tab is gone. */
export const PRESENCE_TTL_MS = 45_000;
const FORGET_MS = 60 * 60_000;

export interface PresentEditor {
  email: string;
  /** When the first of their tabs on the flow opened (ms since the epoch). */
  openedAt: number;
  /** The heartbeat last heard from any of their tabs. */
  seenAt: number;
}

export interface PresenceBeat {
  flowId: string;
  email: string;
  tabId: string;
}

type Database = () => Promise<SiteDatabase>;

const tables = async (database: Database) => (await database()).db.withTables<FlowVersionTables>();

/**
 * Records the tab's heartbeat and answers who else has the flow open: one entry per person
 * (their other tabs included, the heartbeat's own tab not), the earliest opened first.
 */
export async function beatPresence(
  beat: PresenceBeat,
  now: number = Date.now(),
  database: Database = siteDatabase,
): Promise<PresentEditor[]> {
  const db = await tables(database);
  await db
    .insertInto('flow_presence')
    .values({
      flow_id: beat.flowId,
      email: beat.email,
      tab_id: beat.tabId,
      opened_at: now,
      seen_at: now,
    })
    .onConflict((conflict) =>
      conflict.columns(['flow_id', 'email', 'tab_id']).doUpdateSet({ seen_at: now }),
    )
    .execute();
  await db
    .deleteFrom('flow_presence')
    .where('flow_id', '=', beat.flowId)
    .where('seen_at', '<', now - FORGET_MS)
    .execute();
  const rows = await db
    .selectFrom('flow_presence')
    .select(['email', 'opened_at', 'seen_at'])
    .where('flow_id', '=', beat.flowId)
    .where('seen_at', '>=', now - PRESENCE_TTL_MS)
    .where((eb) => eb.or([eb('email', '!=', beat.email), eb('tab_id', '!=', beat.tabId)]))
    .execute();
  const people = new Map<string, PresentEditor>();
  for (const row of rows) {
    const openedAt = Number(row.opened_at);
    const seenAt = Number(row.seen_at);
    const known = people.get(row.email);
    people.set(row.email, {
      email: row.email,
      openedAt: Math.min(openedAt, known?.openedAt ?? openedAt),
      seenAt: Math.max(seenAt, known?.seenAt ?? seenAt),
    });
  }
  return [...people.values()].sort(
    (a, b) => a.openedAt - b.openedAt || a.email.localeCompare(b.email),
  );
}

/** The tab closed: it is no longer shown to the others. */
export async function leavePresence(
  beat: PresenceBeat,
  database: Database = siteDatabase,
): Promise<void> {
  const db = await tables(database);
  await db
    .deleteFrom('flow_presence')
    .where('flow_id', '=', beat.flowId)
    .where('email', '=', beat.email)
    .where('tab_id', '=', beat.tabId)
    .execute();
}
