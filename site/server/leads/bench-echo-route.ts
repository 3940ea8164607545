/**
 * `POST /api/bench/echo`: the baseline of `npm run bench:leads` — the same server, body parsing
 * and JSON reply as the lead endpoint, without validation or storage. Off (404) unless
 * `LEADS_BENCH_ECHO=true`.
 */
import { randomUUID } from 'node:crypto';
import { env } from '@/site/env';

export async function POST(request: Request): Promise<Response> {
  if (!env.LEADS_BENCH_ECHO) return new Response('Not found', { status: 404 });
  try {
    await request.json();
  } catch {
    return Response.json(
      { errors: [{ field: 'body', message: 'The body is not valid JSON' }] },
      { status: 400 },
    );
  }
  return Response.json({ id: randomUUID() }, { status: 202 });
}
