/**
 * What the studio's browser tests share: instances of the e2e build of their own (so the site's
 * main test server keeps the repository's flows for the other tests), each serving a copy of the
 * build, all on one PostgreSQL of the test's; and a member of staff signed in on one of them.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import {
  startLeadsServer,
  type LeadsServer,
  type ServerHost,
} from '../../integration/support/leads-server';
import {
  createDatabase,
  startPostgres,
  type PostgresCluster,
} from '../../integration/support/postgres-cluster';
import { linkToken, mailsIn } from '../../integration/support/mail-files';
import { runScript } from '../../integration/support/run-script';
import { hashed, password, signInWithForm, uniqueEmail } from './accounts';

const root = process.cwd();

/** Instances sharing one PostgreSQL; `setUp` in beforeAll, `tearDown` in afterAll. */
export class SharedDatabaseInstances {
  private cluster: PostgresCluster | undefined;
  private url: string | undefined;
  private readonly instances: LeadsServer[] = [];
  private readonly copies: string[] = [];

  constructor(private readonly name: string) {}

  async setUp(): Promise<void> {
    this.cluster = await startPostgres();
    this.url = await createDatabase(this.cluster.url, this.name);
  }

  async tearDown(): Promise<void> {
    await Promise.all(this.instances.map((server) => server.stop()));
    for (const dir of this.copies) rmSync(path.join(root, dir), { recursive: true, force: true });
    this.cluster?.stop();
  }

  /** The instances started so far, in order (a later test uses the earlier ones). */
  get started(): readonly LeadsServer[] {
    return this.instances;
  }

  get databaseUrl(): string {
    if (this.url === undefined) throw new Error('setUp() first');
    return this.url;
  }

  /** A copy of the e2e build for one instance: its pages are cached in its own folder. */
  private buildCopy(instance: string): string {
    const dir = `.next-${this.name}-${process.pid}-${instance}`;
    rmSync(path.join(root, dir), { recursive: true, force: true });
    cpSync(path.join(root, '.next'), path.join(root, dir), {
      recursive: true,
      filter: (source) => !source.includes(`${path.sep}cache`),
    });
    this.copies.push(dir);
    return dir;
  }

  /** An instance on the shared database, the flow watcher looking every second. */
  async start(
    instance: string,
    host: ServerHost = 'production-server',
    env: Record<string, string> = {},
  ): Promise<LeadsServer> {
    const server = await startLeadsServer(
      {
        NEXT_DIST_DIR: this.buildCopy(instance),
        FLOWS_WATCH_MS: '1000',
        MAIL_DIR: mkdtempSync(path.join(tmpdir(), `${this.name}-mail-`)),
        ...env,
      },
      this.databaseUrl,
      host,
    );
    this.instances.push(server);
    return server;
  }
}

/**
 * A member of staff on `server`, in a browser context of their own: registered and confirmed from
 * the mailed link (a role goes only to a confirmed address), given the role with `npm run users`
 * over the server's database (`databaseEnv`: its DATABASE_URL or LEADS_DB), and signed in through
 * the form that `path` (a staff page) sends them to first.
 */
export async function signedInStaff(
  browser: Browser,
  server: LeadsServer,
  databaseEnv: Record<string, string>,
  options: { name: string; path: string },
): Promise<{ email: string; page: Page }> {
  const email = uniqueEmail(options.name, 'firm.example');
  const context = await browser.newContext({ baseURL: server.url });
  expect(
    (await context.request.post('/auth/register', { data: { email, password } })).status(),
  ).toBe(202);
  const mails = () => mailsIn(server.env.MAIL_DIR ?? '', email);
  await expect.poll(() => mails().length).toBeGreaterThan(0);
  const token = linkToken(mails()[0]);
  expect((await context.request.post('/auth/verify', { data: { token } })).status()).toBe(200);
  const granted = await runScript('scripts/users.ts', ['grant', email, 'staff'], databaseEnv);
  expect(granted.code, granted.stderr).toBe(0);
  const page = await context.newPage();
  await page.goto(options.path);
  await expect(page).toHaveURL(/\/login\?next=/);
  await signInWithForm(page, email);
  const escaped = options.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(page).toHaveURL(new RegExp(`${escaped}$`), hashed);
  return { email, page };
}
