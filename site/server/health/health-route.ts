/**
 * `GET /healthz`, for a load balancer or an orchestrator: 200 with the database reachable and the
 * outbox's depth (pending deliveries, age of the oldest), 503 when the database cannot be
 * reached. It names the kind of database, never its address or credentials.
 */
import { siteDialect } from '@/site/server/db/site-database';
import { leadServices } from '@/site/server/leads/lead-services';

const headers = { 'cache-control': 'no-store' };

export async function GET(): Promise<Response> {
  const database = siteDialect;
  const now = Date.now();
  try {
    const pending = await leadServices().store.pending();
    return Response.json(
      {
        status: 'ok',
        database,
        outbox: {
          pending: pending.deliveries,
          oldestPendingAgeSeconds:
            pending.oldestReceivedAt === null
              ? null
              : Math.max(0, Math.round((now - pending.oldestReceivedAt) / 1000)),
        },
      },
      { headers },
    );
  } catch (error) {
    console.error(
      `[healthz] database unreachable: ${error instanceof Error ? error.message : String(error)}`,
    );
    return Response.json(
      { status: 'unavailable', database, error: 'The database cannot be reached' },
      { status: 503, headers },
    );
  }
}
