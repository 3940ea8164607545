/**
 * `npm run flows -- check` on a flow whose ending links to another site: a warning at the link's
 * line with its JSON pointer and the fix, gone once FLOW_LINK_HOSTS lists the host, and an error
 * (exit 1) when FLOW_LINK_HOSTS lists others.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { FLOWS_DIR } from './load-repo-flows';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const run = promisify(execFile);

// client.json with its "Grant services" link sent to another site, on the same line.
const dir = mkdtempSync(join(tmpdir(), 'flows-links-'));
cpSync(FLOWS_DIR, dir, { recursive: true });
const original = readFileSync(join(dir, 'client.json'), 'utf8');
const text = original.replace('"href": "/grant-service"', '"href": "//evil.example/grants"');
writeFileSync(join(dir, 'client.json'), text);
const line = text.split('\n').findIndex((l) => l.includes('//evil.example/grants')) + 1;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function check(env: Record<string, string> = {}) {
  const tsx = join(ROOT, 'node_modules/.bin/tsx');
  const { FLOW_LINK_HOSTS: _unset, ...inherited } = process.env;
  return run(tsx, ['scripts/flows.ts', 'check', '--dir', dir], {
    cwd: ROOT,
    env: { ...inherited, ...env },
  }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );
}

describe('flows -- check on an ending that leaves the site', { timeout: 120_000 }, () => {
  it('warns at the link’s line, with its pointer and the fix, and exits 0', async () => {
    expect(line).toBeGreaterThan(0);
    const { code, stderr } = await check();
    expect(code).toBe(0);
    const at = stderr.indexOf(`client.json:${line}:`);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(stderr.slice(at).split('\n').slice(0, 2)).toEqual([
      expect.stringMatching(
        new RegExp(
          `client\\.json:${line}:\\d+: warning: This sends visitors to another site, evil\\.example ` +
            '\\(Add evil\\.example to FLOW_LINK_HOSTS, or link to a page of the site\\)$',
        ),
      ),
      expect.stringMatching(/\(\/endings\/0\/links\/0\/href\)$/),
    ]);
  });

  it('says nothing of a host FLOW_LINK_HOSTS lists', async () => {
    const { code, stderr } = await check({ FLOW_LINK_HOSTS: 'calendly.com, evil.example' });
    expect(code).toBe(0);
    expect(stderr).not.toContain('evil.example');
  });

  it('refuses a host outside FLOW_LINK_HOSTS once it is set: an error, exit 1', async () => {
    const { code, stderr } = await check({ FLOW_LINK_HOSTS: 'calendly.com' });
    expect(code).toBe(1);
    expect(stderr).toMatch(
      new RegExp(
        `client\\.json:${line}:\\d+: This sends visitors to evil\\.example, which is not among ` +
          'the hosts allowed \\(FLOW_LINK_HOSTS\\)',
      ),
    );
  });
});
