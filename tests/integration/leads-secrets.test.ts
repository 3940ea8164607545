/**
 * No secret reaches the browser: the test build ran with sentinel values for the HubSpot token,
 * the captcha secret and the database URL's password; none of them may appear in any file the site serves as a static asset.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { distDir, ensureBuild, root, sentinelSecrets } from './support/leads-build';

beforeAll(async () => {
  await ensureBuild();
}, 600_000);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

describe('secrets stay on the server', () => {
  it('no HubSpot token or captcha secret in any file under <distDir>/static', () => {
    const files = filesUnder(path.join(root, distDir(), 'static'));
    expect(files.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(0);
    for (const file of files) {
      const text = readFileSync(file).toString('latin1');
      for (const [name, secret] of Object.entries(sentinelSecrets)) {
        expect(text.includes(secret), `${name} found in ${path.relative(root, file)}`).toBe(false);
      }
    }
  });

  it('nor in any prerendered page or RSC payload (where props of client components land)', () => {
    const pages = filesUnder(path.join(root, distDir(), 'server', 'app')).filter((file) =>
      /\.(html|rsc|body|meta)$/.test(file),
    );
    expect(pages.length).toBeGreaterThan(0);
    for (const file of pages) {
      const text = readFileSync(file, 'utf8');
      for (const [name, secret] of Object.entries(sentinelSecrets)) {
        expect(text.includes(secret), `${name} found in ${path.relative(root, file)}`).toBe(false);
      }
    }
  });

  it('the sentinels are real: the server side of the same build can read them', () => {
    // Guards against a test that cannot fail: the secrets exist in the build's environment and
    // would be found if a client bundle inlined the server's env module.
    const server = filesUnder(path.join(root, distDir(), 'server')).filter((file) =>
      file.endsWith('.js'),
    );
    expect(server.some((file) => readFileSync(file, 'utf8').includes('HUBSPOT_ACCESS_TOKEN'))).toBe(
      true,
    );
  });
});
