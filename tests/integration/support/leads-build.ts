/**
 * One production build per test run, shared by every lead integration test file: the first
 * file that needs it builds into its own folder (never the e2e or dev build) while holding a
 * lock; the others wait and reuse it. The build runs with sentinel secrets in its environment so
 * the static-asset test can prove none of them reaches the browser.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

export const distDir = '.next-leads-it';
export const root = process.cwd();
export const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');

/** Values that must never appear in browser assets. */
export const sentinelSecrets = {
  HUBSPOT_ACCESS_TOKEN: 'pat-na1-sentinel-0d7c2b9e-4f1a-4c4e-9a7b-5e2d1c3b4a59',
  CAPTCHA_SECRET: '0x4AAAAAAAsentinelCaptchaSecretValue0042',
};

const lockDir = path.join(root, `${distDir}.lock`);
const marker = path.join(root, distDir, 'leads-it-run');

function runBuild(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [nextBin, 'build'], {
      cwd: root,
      env: {
        ...process.env,
        ...sentinelSecrets,
        NEXT_DIST_DIR: distDir,
        NEXT_TELEMETRY_DISABLED: '1',
        HUBSPOT_PORTAL_ID: '4242',
        CAPTCHA_PROVIDER: 'turnstile',
        CAPTCHA_SITE_KEY: '1x00000000000000000000AA',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`next build failed (${code}):\n${output.slice(-4000)}`)),
    );
  });
}

/** Builds once per test run (keyed by the run token the global setup provides). */
export async function ensureBuild(): Promise<void> {
  // LEADS_IT_SKIP_BUILD=1 reuses an existing build while iterating on the tests themselves.
  if (process.env.LEADS_IT_SKIP_BUILD === '1' && existsSync(path.join(root, distDir, 'BUILD_ID')))
    return;
  const token = inject('leadsRunToken');
  const current = () => existsSync(marker) && readFileSync(marker, 'utf8') === token;
  for (;;) {
    if (current()) return;
    try {
      mkdirSync(lockDir);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    try {
      if (!current()) {
        await runBuild();
        writeFileSync(marker, token);
      }
      return;
    } finally {
      rmSync(lockDir, { recursive: true, force: true });
    }
  }
}
