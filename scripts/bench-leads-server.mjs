/* global Response */
// The server `npm run bench:leads` measures: the production server (scripts/serve.mjs) plus the
// benchmark's baseline route, `POST /api/bench/echo` — the same server, fast path, body parsing
// and JSON reply as the lead endpoint, without validation or storage. The route exists only in
// this process: no build of the site has it, whatever its environment says.
// `node scripts/bench-leads-server.mjs --port 3000 --hostname 127.0.0.1`
import { randomUUID } from 'node:crypto';
import { serve } from './serve.mjs';

async function echo(request) {
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

function option(name) {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

await serve({
  port: Number(option('port') ?? '3000'),
  hostname: option('hostname'),
  extraRoutes: { '/api/bench/echo': echo },
});
