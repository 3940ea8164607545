/**
 * Runs the built site (scripts/serve.mjs) as a child process with its own outbox, uploads folder and
 * HubSpot base URL — the real server, as a visitor's browser and HubSpot would see it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

/** The project folder (leads-build.ts says the same; importing it needs vitest's context). */
const root = process.cwd();

export interface LeadsServer {
  /** Where the server listens (`http://127.0.0.1:{port}`). */
  url: string;
  env: Record<string, string>;
  /** SIGKILL: no shutdown hooks, no flushing — a power cut as far as the process knows. */
  kill(): Promise<void>;
  /** SIGTERM, as an orchestrator stops a server: resolves once it exited, with how. */
  stop(): Promise<Exit>;
  /**
   * Starts a new process with the same environment, database and uploads (or with `changes`
   * made to the environment first: another database, say; `undefined` unsets a variable).
   */
  restart(changes?: Record<string, string | undefined>): Promise<void>;
  output(): string;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** From the signal to the exit. */
  ms: number;
}

export function tempDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'leads-it-'));
}

/**
 * What serves the site: the site's production server (`npm start`, scripts/serve.mjs), Next's
 * own `next start` on the build, as a host that knows nothing of the site would run it, or
 * `next dev` on the sources (NEXT_DIST_DIR names its own folder).
 */
export type ServerHost = 'production-server' | 'next-start' | 'next-dev';

function hostCommand(host: ServerHost, port: number): string[] {
  const listen = ['--port', String(port), '--hostname', '127.0.0.1'];
  if (host === 'production-server') return [path.join(root, 'scripts', 'serve.mjs'), ...listen];
  const next = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
  return [next, host === 'next-start' ? 'start' : 'dev', ...listen];
}

/**
 * Starts the built server on a fresh database: a SQLite file in its data folder, or, given a
 * PostgreSQL URL (`database`), that database. The build is the lead tests' shared one unless
 * `extraEnv` names another (`NEXT_DIST_DIR`; the browser tests run their own build this way).
 */
export async function startLeadsServer(
  extraEnv: Record<string, string> = {},
  database?: string,
  host: ServerHost = 'production-server',
): Promise<LeadsServer> {
  const data = tempDataDir();
  const port = await freePort();
  // Where the server listens. SITE_URL is the same unless `extraEnv` names the address visitors
  // use (a TLS terminator's in front, say).
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    ...(database ? { DATABASE_URL: database } : {}),
    NEXT_DIST_DIR: extraEnv.NEXT_DIST_DIR ?? (await import('./leads-build')).distDir(),
    NEXT_TELEMETRY_DISABLED: '1',
    SITE_URL: url,
    LEADS_DB: path.join(data, 'leads.sqlite'),
    UPLOADS_DIR: path.join(data, 'uploads'),
    LEADS_RATE_LIMIT: '0',
    // The tests stand where a reverse proxy would: they say who each visitor is.
    TRUST_PROXY_HOPS: '1',
    LEADS_RETRY_BASE_MS: '100',
    LEADS_RETRY_MAX_MS: '1000',
    LEADS_WORKER_POLL_MS: '200',
    // The fake HubSpot has no rate limit of its own: bursts go out at once unless a test says.
    LEADS_SEND_PER_10S: '1000',
    HUBSPOT_TIMEOUT_MS: '2000',
    ...extraEnv,
  };
  let child: ChildProcess | undefined;
  let output = '';

  async function launch() {
    const proc = spawn(process.execPath, hostCommand(host, port), {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: host === 'next-dev' ? 'development' : 'production',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    proc.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child = proc;
    // A test process that ends without stopping its server (a crash, a timeout) takes it along.
    const orphan = () => proc.kill('SIGKILL');
    process.once('exit', orphan);
    proc.once('exit', () => process.removeListener('exit', orphan));
    // `next dev` compiles the route on this first request.
    const deadline = Date.now() + (host === 'next-dev' ? 180_000 : 30_000);
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`server exited early:\n${output}`);
      try {
        const response = await fetch(`${url}/api/leads/__ready__`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        if (response.status === 404) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  function exited(proc: ChildProcess | undefined, since = Date.now()) {
    return new Promise<Exit>((resolve) => {
      const exit = () => ({
        code: proc?.exitCode ?? null,
        signal: proc?.signalCode ?? null,
        ms: Date.now() - since,
      });
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) resolve(exit());
      else proc.once('exit', () => resolve(exit()));
    });
  }

  await launch();
  return {
    url,
    env,
    output: () => output,
    async kill() {
      const proc = child;
      proc?.kill('SIGKILL');
      await exited(proc);
    },
    stop() {
      const proc = child;
      const since = Date.now();
      proc?.kill('SIGTERM');
      return exited(proc, since);
    },
    async restart(changes = {}) {
      for (const [name, value] of Object.entries(changes)) {
        if (value === undefined) delete env[name];
        else env[name] = value;
      }
      await launch();
    },
  };
}

/**
 * Runs `npm run leads -- <args>` (the CLI, via tsx) against a server's database. Asynchronous on
 * purpose: the fake HubSpot lives in this process and must keep answering while the CLI runs.
 */
export function runLeadsCli(
  server: LeadsServer,
  args: string[],
  extraEnv: Record<string, string> = {},
): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/leads.ts', ...args],
      {
        cwd: root,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          NODE_ENV: 'production',
          ...server.env,
          ...extraEnv,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ status: code ?? -1, stdout, stderr }));
  });
}

export async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 20_000,
  what = 'condition',
) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function postLead(
  server: LeadsServer,
  flowId: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${server.url}/api/leads/${flowId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
