/**
 * `npm run test:strapi`: the site against a real Strapi 4 (tests/strapi). Installs the Strapi
 * project when its node_modules is missing (about 2 to 3 minutes, 610 MB), starts it on a free
 * loopback port with a fresh SQLite database in a temp folder, waits for `/_health`, then runs
 * tests/strapi-it with its own vitest config (the unit run never picks it up). Prints how long
 * each stage took. Not part of `npm test`: it needs the install and a second production build.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ENV_NAMES } from './real-strapi-env';
import { freePort } from '../integration/support/free-port';

const root = process.cwd();
const strapiDir = path.join(root, 'tests', 'strapi');
const started = Date.now();
const timings: [string, number][] = [];
const counts: [string, number][] = [];

function run(command: string, args: string[], cwd: string, env = process.env): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function installStrapi() {
  if (existsSync(path.join(strapiDir, 'node_modules', '@strapi', 'strapi', 'package.json'))) return;
  console.log('[test:strapi] installing tests/strapi (first run only) …');
  const at = Date.now();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const code = await run(npm, ['install', '--no-audit', '--no-fund'], strapiDir);
  if (code !== 0) throw new Error(`npm install in tests/strapi failed (${code})`);
  timings.push(['install', Date.now() - at]);
}

async function waitForHealth(url: string, strapi: ChildProcess, logFile: string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (strapi.exitCode !== null)
      throw new Error(`Strapi exited (${strapi.exitCode}):\n${readFileSync(logFile, 'utf8')}`);
    try {
      if ((await fetch(`${url}/_health`)).status === 204) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`Strapi not healthy after 120 s:\n${readFileSync(logFile, 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function main(): Promise<number> {
  await installStrapi();
  const work = mkdtempSync(path.join(tmpdir(), 'strapi-it-'));
  const [strapiPort, sitePort] = [await freePort(), await freePort()];
  const strapiUrl = `http://127.0.0.1:${strapiPort}`;
  const databaseFile = path.join(work, 'data.db');
  const tokensFile = path.join(work, 'tokens.json');
  const timingsFile = path.join(work, 'timings.json');
  const webhookSecret = randomBytes(24).toString('hex');
  const logFile = path.join(work, 'strapi.log');
  const log = createWriteStream(logFile);
  let passed = false;

  const at = Date.now();
  const strapi = spawn(
    process.execPath,
    [path.join(strapiDir, 'node_modules', '@strapi', 'strapi', 'bin', 'strapi.js'), 'start'],
    {
      cwd: strapiDir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(strapiPort),
        DATABASE_FILENAME: databaseFile,
        STRAPI_TOKENS_FILE: tokensFile,
        SITE_WEBHOOK_URL: `http://127.0.0.1:${sitePort}/api/revalidate`,
        SITE_WEBHOOK_SECRET: webhookSecret,
        STRAPI_TELEMETRY_DISABLED: 'true',
        STRAPI_DISABLE_UPDATE_NOTIFICATION: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  strapi.stdout?.pipe(log);
  strapi.stderr?.pipe(log);
  const interrupted = () => void stop(strapi).then(() => process.exit(130));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);

  try {
    await waitForHealth(strapiUrl, strapi, logFile);
    timings.push(['Strapi start (fresh database, seeded)', Date.now() - at]);
    const code = await run(
      process.execPath,
      [
        path.join(root, 'node_modules', 'vitest', 'vitest.mjs'),
        'run',
        '--config',
        'tests/strapi-it/vitest.config.ts',
      ],
      root,
      {
        ...process.env,
        [ENV_NAMES.strapiUrl]: strapiUrl,
        [ENV_NAMES.databaseFile]: databaseFile,
        [ENV_NAMES.tokensFile]: tokensFile,
        [ENV_NAMES.sitePort]: String(sitePort),
        [ENV_NAMES.webhookSecret]: webhookSecret,
        [ENV_NAMES.timingsFile]: timingsFile,
      },
    );
    if (existsSync(timingsFile)) {
      const measured = JSON.parse(readFileSync(timingsFile, 'utf8')) as {
        timings: Record<string, number>;
        counts: Record<string, number>;
      };
      timings.push(...Object.entries(measured.timings));
      counts.push(...Object.entries(measured.counts));
    }
    passed = code === 0;
    return code;
  } finally {
    await stop(strapi);
    log.end();
    timings.push(['total', Date.now() - started]);
    console.log('[test:strapi] timings');
    for (const [name, ms] of timings) console.log(`  ${name}: ${(ms / 1000).toFixed(1)} s`);
    for (const [name, count] of counts) console.log(`  ${name}: ${count}`);
    // A passing run leaves nothing behind; a failing one keeps Strapi's log and database.
    if (passed) rmSync(work, { recursive: true, force: true });
    else console.log(`[test:strapi] Strapi's log and database: ${work}`);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
