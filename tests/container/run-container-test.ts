/**
 * `npm run test:container`: the site's image built and run as compose.yaml deploys it (two
 * replicas on PostgreSQL 15 behind nginx), proven through nginx:
 *   a) pages arrive with their own Content-Security-Policy (hashes, no 'unsafe-inline');
 *   b) /healthz answers 200;
 *   c) a lead reaches HubSpot (a fake in this process) exactly once;
 *   d) with one replica killed under load, every page still answers and every lead is accepted
 *      and reaches HubSpot exactly once: none lost, none twice, except a delivery the killed
 *      replica was in the middle of, which the outbox counts in doubt and which may arrive
 *      twice (HubSpot has no idempotency key; README, "Leads");
 *   e) the server runs as a non-root user.
 * On a fresh machine it installs Docker, docker-compose and debootstrap, starts a daemon when
 * none answers (and stops it after), makes the base images (scripts/container-images.sh),
 * builds the site on the host into its own build folder (.next-container: `.next` stays the
 * browser tests'), and builds the image (scripts/container-build.sh). Everything it started is
 * taken down, pass or fail. Not part of `npm test`; CI (`.ci/run`) runs it after.
 * CONTAINER_SKIP_BUILD=1 reuses the last .next-container build while iterating.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FakeHubSpot } from '../fakes/fake-hubspot';
import { freePort } from '../integration/support/free-port';
import { nextBuild } from '../integration/support/next-build';
import { run, runOrThrow, until } from './commands';
import { ComposeProject } from './compose-project';
import { ensureDaemon, ensureTools, hostGatewayAddress } from './docker-host';
import { newsletterForm } from './newsletter-lead';
import {
  checkHealth,
  checkKillUnderLoad,
  checkNonRoot,
  checkOneLead,
  checkPagePolicy,
  type Target,
} from './site-checks';

const root = process.cwd();
const distDir = '.next-container';
const image = 'firm-site:container-test';
/** The site's public address, in the build and in the containers (compose.yaml's default). */
const siteUrl = 'http://localhost:8080';
const portalId = '7070';
const formGuid = 'guid-container-newsletter';
/**
 * Short HubSpot timeout and poll: a dead replica's leases end in 3 × 2 s + 5 s (the lease the
 * site derives from HUBSPOT_TIMEOUT_MS, site/server/leads/lead-services.ts), not 35 s.
 */
const hubspotTimeoutMs = 2_000;
const pollMs = 1_000;
const leaseMs = hubspotTimeoutMs * 3 + 5_000;

const started = Date.now();
const timings: [string, number][] = [];
/** The run's compose project once it exists: its logs explain a failure. */
let composed: ComposeProject | undefined;
/** Undone in reverse order, however the run ends. */
const cleanups: [string, () => Promise<void>][] = [];

const log = (line: string) => console.log(`[test:container] ${line}`);

async function phase<T>(name: string, work: () => Promise<T>): Promise<T> {
  log(`${name} …`);
  const at = Date.now();
  const result = await work();
  timings.push([name, Date.now() - at]);
  return result;
}

async function cleanUp(): Promise<void> {
  for (const [name, undo] of cleanups.splice(0).reverse()) {
    try {
      await undo();
    } catch (error) {
      console.error(`[test:container] cleanup "${name}" failed:`, error);
    }
  }
}

async function buildSite(): Promise<void> {
  if (
    process.env.CONTAINER_SKIP_BUILD === '1' &&
    existsSync(path.join(root, distDir, 'BUILD_ID'))
  ) {
    log(`CONTAINER_SKIP_BUILD=1: reusing ${distDir}`);
    return;
  }
  await nextBuild(root, {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    NEXT_DIST_DIR: distDir,
    SITE_URL: siteUrl,
  });
}

const imageId = async (name: string) =>
  (await run('docker', ['image', 'inspect', '--format', '{{.Id}}', name])).stdout.trim();

/** Builds the image; the run before's image, now untagged, is removed. Returns its size in MB. */
async function buildImage(): Promise<number> {
  const previous = await imageId(image);
  await runOrThrow('bash', ['scripts/container-build.sh', '--dist-dir', distDir, '--tag', image], {
    cwd: root,
    show: true,
  });
  if (previous && previous !== (await imageId(image))) {
    await run('docker', ['image', 'rm', previous]);
  }
  const bytes = Number(await runOrThrow('docker', ['image', 'inspect', '-f', '{{.Size}}', image]));
  return Math.round(bytes / 1_000_000);
}

/** The fake HubSpot, listening where the containers reach the host. */
async function startFakeHubSpot(formFields: string[]): Promise<FakeHubSpot> {
  const fake = new FakeHubSpot({
    portalId,
    forms: { [formGuid]: { fields: formFields } },
    host: await hostGatewayAddress(),
  });
  await fake.up();
  cleanups.push(['fake HubSpot', () => fake.close()]);
  return fake;
}

async function startProject(fake: FakeHubSpot, formVariable: string, runId: string) {
  const proxyPort = await freePort();
  const project = new ComposeProject(root, `firm-site-test-${runId}`, {
    SITE_IMAGE: image,
    PROXY_ADDRESS: '127.0.0.1',
    PROXY_PORT: String(proxyPort),
    SITE_URL: siteUrl,
    HUBSPOT_PORTAL_ID: portalId,
    HUBSPOT_API_BASE: `http://host.docker.internal:${new URL(fake.url).port}`,
    HUBSPOT_ACCESS_TOKEN: '',
    [formVariable]: formGuid,
    HUBSPOT_TIMEOUT_MS: String(hubspotTimeoutMs),
    LEADS_WORKER_POLL_MS: String(pollMs),
    // Every lead comes from this one client, faster than a visitor would send them.
    LEADS_RATE_LIMIT: '100000',
    LEADS_SEND_PER_10S: '400',
  });
  composed = project;
  cleanups.push(['compose project', () => project.down()]);
  await project.up();
  const target: Target = { base: `http://127.0.0.1:${proxyPort}`, siteUrl };
  await until(
    async () => {
      const response = await fetch(`${target.base}/healthz`).catch(() => undefined);
      return response?.status === 200 ? true : undefined;
    },
    180_000,
    'GET /healthz through nginx answering 200',
  );
  return { project, target };
}

/**
 * The leads whose delivery the outbox counts in doubt (`lead_deliveries.in_doubt`: an attempt
 * whose sender died during the HubSpot call), read with psql inside the database container.
 */
async function leadsInDoubt(database: string): Promise<Set<string>> {
  const out = await runOrThrow('docker', [
    'exec',
    database,
    'psql',
    '--username=site',
    '--dbname=site',
    '--no-align',
    '--tuples-only',
    '--command=SELECT lead_id FROM lead_deliveries WHERE in_doubt > 0',
  ]);
  return new Set(out.split('\n').filter((line) => line.trim() !== ''));
}

interface CheckOutcome {
  label: string;
  ok: boolean;
  line: string;
}

async function check(
  outcomes: CheckOutcome[],
  label: string,
  work: () => Promise<string>,
): Promise<void> {
  try {
    const line = await work();
    outcomes.push({ label, ok: true, line });
    log(`✓ ${label}) ${line}`);
  } catch (error) {
    const line = error instanceof Error ? error.message : String(error);
    outcomes.push({ label, ok: false, line });
    log(`✗ ${label}) ${line}`);
  }
}

async function main(): Promise<number> {
  const runId = randomBytes(4).toString('hex');
  const work = mkdtempSync(path.join(tmpdir(), 'container-test-'));
  cleanups.push([
    'work folder',
    () => Promise.resolve(rmSync(work, { recursive: true, force: true })),
  ]);

  await phase('tools (apt-get when missing)', async () => {
    const packages = await ensureTools();
    if (packages.length > 0) log(`installed ${packages.join(', ')}`);
  });
  const stopDaemon = await phase('Docker daemon', () => ensureDaemon(work));
  cleanups.push(['Docker daemon', stopDaemon]);
  await phase('base images (scripts/container-images.sh)', () =>
    runOrThrow('bash', ['scripts/container-images.sh'], { cwd: root, show: true }),
  );
  await phase(`site build on the host (next build into ${distDir})`, buildSite);
  const sizeMb = await phase('site image (scripts/container-build.sh)', buildImage);
  log(`image ${image}: ${sizeMb} MB`);

  const form = newsletterForm(root);
  const fake = await startFakeHubSpot(form.fields);
  const { project, target } = await phase('compose up until healthy through nginx', () =>
    startProject(fake, form.formVariable, runId),
  );
  const replicas = await project.containers('site');
  if (replicas.length !== 2) throw new Error(`expected 2 site replicas, found ${replicas.length}`);
  const [victim, survivor] = replicas as [string, string];
  const [database] = await project.containers('db');
  if (!database) throw new Error('the db service has no container');
  const delivery = { fake, formGuid, leadsInDoubt: () => leadsInDoubt(database) };

  const outcomes: CheckOutcome[] = [];
  await phase('checks', async () => {
    await check(outcomes, 'a', () => checkPagePolicy(target));
    await check(outcomes, 'b', () => checkHealth(target));
    await check(outcomes, 'c', () => checkOneLead(target, delivery, `first-${runId}@example.com`));
    await check(outcomes, 'd', () =>
      checkKillUnderLoad(target, delivery, {
        kill: async () => {
          log(`docker kill ${victim.slice(0, 12)} (one of the two replicas)`);
          await runOrThrow('docker', ['kill', victim]);
        },
        runId,
        beforeMs: 4_000,
        afterMs: 12_000,
        leaseMs,
        pollMs,
      }),
    );
    await check(outcomes, 'e', () => checkNonRoot(survivor));
  });

  const failed = outcomes.filter((outcome) => !outcome.ok);
  if (failed.length > 0) {
    console.log(`[test:container] the services' last lines:\n${await project.logs()}`);
    console.error(
      `[test:container] FAILED: ${failed.map((outcome) => `${outcome.label}) ${outcome.line}`).join('\n  ')}`,
    );
    return 1;
  }
  log(`all ${outcomes.length} checks passed`);
  return 0;
}

function report(): void {
  timings.push(['total', Date.now() - started]);
  console.log('[test:container] timings');
  for (const [name, ms] of timings) console.log(`  ${name}: ${(ms / 1000).toFixed(1)} s`);
}

const interrupted = () => void cleanUp().then(() => process.exit(130));
process.once('SIGINT', interrupted);
process.once('SIGTERM', interrupted);

async function runAll(): Promise<number> {
  let code: number;
  try {
    code = await main();
  } catch (error) {
    if (composed)
      console.log(`[test:container] the services' last lines:\n${await composed.logs()}`);
    console.error('[test:container] FAILED:', error instanceof Error ? error.message : error);
    code = 1;
  }
  await phase('teardown (compose down -v, fake closed)', cleanUp);
  report();
  return code;
}

void runAll().then((code) => process.exit(code));
