/**
 * Two members of staff editing the client questionnaire at once, each in a browser of their own
 * and on an instance of their own (the production server and `next start`, sharing one
 * PostgreSQL, each with its own copy of the build): each sees the other in the studio's "Also
 * open" line; Ann saves a draft; Bob's autosave, from the published text, is refused and the
 * conflict panel (focused, with Ann's change as a diff) lets him merge with the keyboard, and the
 * saved draft holds both changes. Then Ann publishes from the revision she saved, which Bob's
 * merge left behind: refused, merged, reviewed and published, both changes live on both
 * instances. Bob's publish from before Ann's is refused too, and he takes the live text. Ann
 * leaving the page takes her out of Bob's line at his next heartbeat.
 *
 * The site's main test server is left alone: its flows stay the repository's for the other tests.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import pg from 'pg';
import type { LeadsServer, ServerHost } from '../integration/support/leads-server';
import { axeViolations } from './support/axe';
import { SharedDatabaseInstances, signedInStaff } from './support/staff-servers';

test.describe.configure({ mode: 'serial', timeout: 300_000 });

const servers = new SharedDatabaseInstances('together');
test.beforeAll(() => servers.setUp());
test.afterAll(() => servers.tearDown());
const startInstance = (name: string, host: ServerHost) => servers.start(name, host);

/** One query on the instances' database. */
async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: servers.databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

async function newestVersion(): Promise<number> {
  const [row] = await query<{ version: number }>(
    `SELECT MAX(version) AS version FROM flow_versions WHERE flow_id = 'client'`,
  );
  return Number(row!.version);
}

/** A member of staff, signed in through the form on `server`, with the client flow's studio open. */
async function staffStudio(browser: Browser, server: LeadsServer, name: string) {
  const databaseEnv = { DATABASE_URL: servers.databaseUrl };
  const path = '/admin/flows/client/edit';
  const { email, page } = await signedInStaff(browser, server, databaseEnv, { name, path });
  const editor = page.getByRole('textbox', { name: 'The client flow as JSON' });
  await expect(editor).toBeVisible({ timeout: 20_000 });
  return { email, page, editor };
}

/** Replaces the editor's whole text, as a person pasting it would. */
async function replaceText(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'The client flow as JSON' }).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
}

/** Ann's change: the flow's title (its 5th line). */
const annEdit = (source: string) => source.replace(/("title": "[^"]*)"/, '$1 (edited by Ann)"');
/** Bob's change: the last question of the flow, far below. */
function bobEdit(source: string): string {
  const at = source.lastIndexOf('"question": "') + '"question": "'.length;
  return `${source.slice(0, at)}(Bob) ${source.slice(at)}`;
}

const presence = (page: Page) => page.getByRole('status').filter({ hasText: 'Also open:' });

test('two members of staff on one flow: presence, a conflict merged, stale publishes refused and resolved', async ({
  browser,
}) => {
  const [a, b] = [
    await startInstance('a', 'production-server'),
    await startInstance('b', 'next-start'),
  ];
  const [live] = await query<{ version: number; source: string }>(
    `SELECT version, source FROM flow_versions WHERE flow_id = 'client'
     ORDER BY version DESC LIMIT 1`,
  );
  const published = live!.source;

  // Both open the flow, on different instances; each sees the other.
  const ann = await staffStudio(browser, a, 'ann');
  const bob = await staffStudio(browser, b, 'bob');
  await expect(presence(bob.page)).toContainText(`Also open: ${ann.email}, since `);
  await expect(presence(ann.page)).toContainText(`Also open: ${bob.email}, since `, {
    timeout: 15_000,
  });
  await expect(presence(ann.page)).toHaveText(/since \d\d:\d\d UTC$/);

  // Ann saves her change.
  await replaceText(ann.page, annEdit(published));
  await ann.page.getByRole('button', { name: 'Save draft' }).click();
  await expect(ann.page.getByRole('status').filter({ hasText: /^Draft saved at/ })).toBeVisible();

  // Bob's change, from the published text: his autosave is refused and shows Ann's change.
  await replaceText(bob.page, bobEdit(published));
  const panel = bob.page.getByRole('alertdialog');
  await expect(panel).toBeVisible({ timeout: 10_000 });
  await expect(panel).toBeFocused();
  await expect(panel.getByRole('heading', { level: 2 })).toContainText(
    `${ann.email} saved the draft at`,
  );
  await expect(panel.getByLabel(`What ${ann.email} changed`)).toContainText(
    /\+\s+"title": ".*\(edited by Ann\)"/,
  );
  await expect(panel.getByLabel('What you changed')).toContainText('+ ');
  await expect(panel.getByLabel('What you changed')).toContainText('(Bob) ');
  await expect(panel).toContainText('merging keeps both');
  expect(await axeViolations(bob.page)).toEqual([]);

  // Bob merges, with the keyboard: the draft now holds both changes.
  await panel.getByRole('button', { name: 'Merge both changes' }).focus();
  await bob.page.keyboard.press('Enter');
  await expect(panel).toBeHidden();
  await expect(bob.page.getByRole('status').filter({ hasText: /^Draft saved at/ })).toBeVisible();
  const both = annEdit(bobEdit(published));
  const [draft] = await query<{ source: string; revision: number; author: string }>(
    `SELECT source, revision, author FROM flow_drafts WHERE flow_id = 'client' AND discarded = 0`,
  );
  expect(draft).toEqual({ source: both, revision: 2, author: bob.email });

  // Ann publishes from revision 1, her own save: refused, with Bob's merge to take in.
  await ann.page.getByRole('button', { name: 'Publish…' }).click();
  let dialog = ann.page.getByRole('dialog', { name: /Publish client as version/ });
  await dialog.getByLabel(/What does this version change/).fill('Title and last question');
  await dialog.getByRole('button', { name: 'Publish now' }).click();
  const annPanel = ann.page.getByRole('alertdialog');
  await expect(annPanel).toBeFocused();
  await expect(annPanel).toContainText(`${bob.email} saved the draft at`);
  await expect(annPanel).toContainText('Nothing was published');
  await expect(annPanel.getByLabel(`What ${bob.email} changed`)).toContainText('(Bob) ');
  expect(await newestVersion()).toBe(live!.version);
  await annPanel.getByRole('button', { name: 'Merge, then review the publish' }).click();
  dialog = ann.page.getByRole('dialog', { name: /Publish client as version/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(/What does this version change/)).toHaveValue(
    'Title and last question',
  );
  await dialog.getByRole('button', { name: 'Publish now' }).click();
  await expect(ann.page.getByRole('status').filter({ hasText: /is published/ })).toBeVisible();
  const version = live!.version + 1;

  // Both changes are live on both instances.
  for (const server of [a, b]) {
    await expect
      .poll(
        async () => {
          const flow = (await (await fetch(`${server.url}/api/flows/client`)).json()) as {
            version: number;
            title: string;
          };
          return `${flow.version} ${flow.title}`;
        },
        { timeout: 10_000 },
      )
      .toMatch(new RegExp(`^${version} .*\\(edited by Ann\\)$`));
  }
  const [stored] = await query<{ source: string }>(
    `SELECT source FROM flow_versions WHERE flow_id = 'client' AND version = $1`,
    [version],
  );
  expect(stored!.source).toContain('(Bob) ');
  expect(stored!.source).toContain('(edited by Ann)');

  // Bob publishes from before Ann's publish: refused; he takes the live text.
  await bob.page.getByRole('button', { name: 'Publish…' }).click();
  dialog = bob.page.getByRole('dialog', { name: /Publish client as version/ });
  await dialog.getByLabel(/What does this version change/).fill('Mine');
  await dialog.getByRole('button', { name: 'Publish now' }).click();
  const bobPanel = bob.page.getByRole('alertdialog');
  await expect(bobPanel).toContainText(`${ann.email} published version ${version} at`);
  await bobPanel.getByRole('button', { name: 'Take theirs' }).click();
  await expect(bobPanel).toBeHidden();
  await expect(bob.page.getByText(`Live: version ${version}.`)).toBeVisible();
  // His editor holds the published text, no draft: nothing to save.
  await expect(bob.page.getByRole('status').filter({ hasText: /draft/ })).toHaveText(
    'No draft: this is the published text.',
  );
  expect(await newestVersion()).toBe(version);

  // Ann leaves: Bob's line drops her at his next heartbeat (not 45 s later).
  const left = Date.now();
  await ann.page.goto('/admin/flows');
  await expect(presence(bob.page)).toHaveCount(0, { timeout: 15_000 });
  console.log(`Ann left → gone from Bob's presence line: ${Date.now() - left} ms`);
});
