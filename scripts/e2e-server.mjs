// The server the browser tests drive: a fresh production build (`next build`) served by
// scripts/serve.mjs (the production server) on the port Playwright chose. E2E_SKIP_BUILD=1
// reuses an existing build while iterating on tests.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const nextBin = path.join('node_modules', 'next', 'dist', 'bin', 'next');
const port = process.env.PORT;
if (!port) throw new Error('PORT is required');

if (process.env.E2E_SKIP_BUILD !== '1') {
  const build = spawnSync(process.execPath, [nextBin, 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawn(
  process.execPath,
  [path.join('scripts', 'serve.mjs'), '--port', port, '--hostname', '127.0.0.1'],
  {
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
