/**
 * `npm run flows -- export | publish`: the real CLI in a child process, over a SQLite file
 * (`LEADS_DB`) and a temporary copy of `flows/`.
 */
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { FLOWS_DIR } from '@/tests/unit/engine/load-repo-flows';
import { runScript } from '@/tests/integration/support/run-script';

const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const tmp = mkdtempSync(path.join(tmpdir(), 'flow-versions-cli-'));
const flows = path.join(tmp, 'flows');
const db = path.join(tmp, 'site.sqlite');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const cli = (...args: string[]) => runScript('scripts/flows.ts', args, { LEADS_DB: db });

/** Every file of a folder, by path relative to it, with its bytes. */
function snapshot(dir: string): Record<string, string> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) =>
    e.isFile(),
  );
  return Object.fromEntries(
    files.map((e) => {
      const file = path.join(e.parentPath, e.name);
      return [path.relative(dir, file), readFileSync(file, 'utf8')];
    }),
  );
}

describe('npm run flows -- export | publish', { timeout: 120_000 }, () => {
  it('round-trips flows/, publishes the next version, and refuses a broken file as check does', async () => {
    cpSync(FLOWS_DIR, flows, { recursive: true });
    const before = snapshot(flows);

    // Seed, then export: the folder is byte for byte what it was (git diff empty).
    const exported = await cli('export', '--dir', flows);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stderr).toContain('imported as version');
    expect(exported.stdout).toContain('newsletter@2');
    expect(snapshot(flows)).toEqual(before);

    // Publish an edit that still says version 2: it becomes version 3, the only other change.
    const edit = path.join(tmp, 'newsletter.json');
    const edited = before['newsletter.json']!.replace(
      'Newsletter (footer, every page)',
      'Newsletter (footer)',
    );
    writeFileSync(edit, edited);
    const published = await cli(
      'publish',
      edit,
      '--author',
      'ann@example.com',
      '--note',
      'shorter title',
      '--dir',
      flows,
    );
    expect(published.code, published.stderr).toBe(0);
    expect(published.stdout).toBe('Published newsletter version 3.\n');

    // A broken file: exit 1, the diagnostic as `check` prints it, nothing published.
    const broken = path.join(tmp, 'client.json');
    writeFileSync(
      broken,
      before['client.json']!.replace('"otherwise": "revenue"', '"otherwise": "revenu"'),
    );
    const refused = await cli('publish', broken, '--author', 'ann', '--dir', flows);
    expect(refused.code).toBe(1);
    const line =
      before['client.json']!.split('\n').findIndex((l) => l.includes('"otherwise": "revenue"')) + 1;
    expect(refused.stderr).toMatch(
      new RegExp(
        `^${path.relative(root, broken).replace(/[.]/g, '\\.')}:${line}:\\d+: .*revenu.*Did you mean "revenue"\\?`,
        'm',
      ),
    );
    expect(refused.stderr).toContain('1 problem(s) found: client not published.');

    const again = await cli('export', '--dir', flows);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).not.toContain('imported as version');
    const after = snapshot(flows);
    expect(after['newsletter.json']).toBe(edited.replace('"version": 2', '"version": 3'));
    expect({ ...after, 'newsletter.json': '' }).toEqual({ ...before, 'newsletter.json': '' });
  });
});
