/**
 * One production build per test run, shared by every lead integration test file: the first
 * file that needs it builds (never into the e2e or dev build folder) while holding a lock, then
 * copies the result to a folder of this run, which the run's servers serve from. Another run
 * starting meanwhile (a teammate's `npm test`) rebuilds only the shared build folder, never the
 * copy this run is serving. The build runs with sentinel secrets in its environment so the
 * static-asset test can prove none of them reaches the browser. A second build, made the same way
 * with an https SITE_URL, is built only when a test asks for it (ensureHttpsBuild).
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { buildDir, httpsBuildDir, runDistDir } from './leads-dist-dir';
import { nextBuild } from './next-build';

export const root = process.cwd();

/** Values that must never appear in browser assets. */
export const sentinelSecrets = {
  HUBSPOT_ACCESS_TOKEN: 'pat-na1-sentinel-0d7c2b9e-4f1a-4c4e-9a7b-5e2d1c3b4a59',
  CAPTCHA_SECRET: '0x4AAAAAAAsentinelCaptchaSecretValue0042',
  // Nothing connects to it while building; its password must stay on the server all the same.
  DATABASE_URL: 'postgres://site:sentinel-db-password-5c1e9a@db.invalid:5432/site',
};

/**
 * The third-party widgets this build loads, on a host no test machine resolves: a browser test
 * serves them itself (Playwright routing), so it sees exactly when each one is requested.
 */
export const widgetScriptUrls = {
  VIDEO_SCRIPT_URL: 'https://widgets.test/video.js',
  TAG_MANAGER_SCRIPT_URL: 'https://widgets.test/tag-manager.js',
  ADS_TRACKING_SCRIPT_URL: 'https://widgets.test/ads-tracking.js',
  FEEDBACK_SCRIPT_URL: 'https://widgets.test/feedback.js',
  CHAT_SCRIPT_URL: 'https://widgets.test/chat.js',
  CHAT_WIDGET_SCRIPT_URL: 'https://widgets.test/chat-widget.js',
  LEAD_TRACKING_SCRIPT_URL: 'https://widgets.test/lead-tracking.js',
};

/**
 * The captcha the built pages show: reCAPTCHA Enterprise (an execute step per form, with the
 * form's action), in French, badge hidden. The siteverify contract the server tests fake is the
 * same for every provider; a browser test serves the script itself (Playwright routing).
 */
export const captchaBuildEnv = {
  CAPTCHA_PROVIDER: 'recaptcha',
  CAPTCHA_SITE_KEY: '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI',
  CAPTCHA_MODE: 'enterprise',
  CAPTCHA_LANGUAGE: 'fr',
  CAPTCHA_HIDE_BADGE: 'true',
};

/** A build the integration tests share: the folder it is built in, and what it is built with. */
interface SharedBuild {
  folder: string;
  env: Record<string, string>;
}

const leadsBuild: SharedBuild = {
  folder: buildDir,
  env: {
    ...sentinelSecrets,
    ...widgetScriptUrls,
    NEXT_TELEMETRY_DISABLED: '1',
    HUBSPOT_PORTAL_ID: '4242',
    ...captchaBuildEnv,
  },
};

const httpsBuild: SharedBuild = {
  folder: httpsBuildDir,
  env: { ...leadsBuild.env, SITE_URL: 'https://localhost' },
};

function folderOf(build: SharedBuild): string {
  if (process.env.LEADS_IT_SKIP_BUILD === '1') return build.folder;
  return runDistDir(build.folder, inject('leadsRunToken'));
}

/** The build folder this run's servers use. LEADS_IT_SKIP_BUILD=1 uses the last build as is. */
export function distDir(): string {
  return folderOf(leadsBuild);
}

/** A run killed while building leaves its lock behind: free it when its process is gone. */
function releaseAbandonedLock(lockDir: string): void {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(lockDir, 'pid'), 'utf8'));
  } catch {
    // Being created right now, or already gone; a lock without a pid for a minute is abandoned.
    const age = existsSync(lockDir) ? Date.now() - statSync(lockDir).mtimeMs : 0;
    if (age > 60_000) rmSync(lockDir, { recursive: true, force: true });
    return;
  }
  try {
    process.kill(pid, 0);
  } catch {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

/** Builds once per test run and returns the folder to serve from. */
async function ensure(build: SharedBuild): Promise<string> {
  const dir = folderOf(build);
  const lockDir = path.join(root, `${build.folder}.lock`);
  const ready = () => existsSync(path.join(root, dir, 'BUILD_ID'));
  for (;;) {
    if (ready()) return dir;
    try {
      mkdirSync(lockDir);
      writeFileSync(path.join(lockDir, 'pid'), String(process.pid));
    } catch {
      releaseAbandonedLock(lockDir);
      await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    try {
      if (!ready()) {
        await nextBuild(root, { ...process.env, ...build.env, NEXT_DIST_DIR: build.folder });
        // The build cache and traces are not needed to serve; BUILD_ID is copied last.
        cpSync(path.join(root, build.folder), path.join(root, dir), {
          recursive: true,
          filter: (source) => !/[/\\](cache|trace|trace-build|BUILD_ID)$/.test(source),
        });
        cpSync(path.join(root, build.folder, 'BUILD_ID'), path.join(root, dir, 'BUILD_ID'));
      }
      return dir;
    } finally {
      rmSync(lockDir, { recursive: true, force: true });
    }
  }
}

/** The lead tests' build (SITE_URL unset at build: http). */
export function ensureBuild(): Promise<string> {
  return ensure(leadsBuild);
}

/** The build made with an https SITE_URL (`https://localhost`). */
export function ensureHttpsBuild(): Promise<string> {
  return ensure(httpsBuild);
}
