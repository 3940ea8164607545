/**
 * The site as production runs it, from a real Strapi: `next build` into its own folder with
 * the CMS's read-only token, then scripts/serve.mjs on the port Strapi's webhook calls.
 * Both run as child processes with only the environment given here, so nothing the test
 * process has set leaks into the build.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { nextBuild } from '../integration/support/next-build';

export const root = process.cwd();
/** Its own build folder: never the dev, e2e or lead-test builds another run may be using. */
export const DIST_DIR = '.next-strapi-it';

const baseEnv = () => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  NEXT_TELEMETRY_DISABLED: '1',
  NEXT_DIST_DIR: DIST_DIR,
});

export interface BuildResult {
  ms: number;
  output: string;
}

export async function buildSite(cms: { url: string; token: string }): Promise<BuildResult> {
  const at = Date.now();
  const output = await nextBuild(root, {
    ...baseEnv(),
    NODE_ENV: 'production',
    STRAPI_URL: cms.url,
    STRAPI_TOKEN: cms.token,
  });
  return { ms: Date.now() - at, output };
}

/** Every file under `dir`, as paths relative to it. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

export interface SiteServer {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

export async function startSite(port: number, env: Record<string, string>): Promise<SiteServer> {
  const data = mkdtempSync(path.join(tmpdir(), 'strapi-it-site-'));
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(root, 'scripts', 'serve.mjs'), '--port', String(port), '--hostname', '127.0.0.1'],
    {
      cwd: root,
      env: {
        ...baseEnv(),
        NODE_ENV: 'production',
        SITE_URL: url,
        LEADS_DB: path.join(data, 'leads.sqlite'),
        UPLOADS_DIR: path.join(data, 'uploads'),
        MAIL_DIR: path.join(data, 'mail'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the site exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the site did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      // Its outbox and uploads: nothing the test reads after the server is gone.
      rmSync(data, { recursive: true, force: true });
    },
  };
}
