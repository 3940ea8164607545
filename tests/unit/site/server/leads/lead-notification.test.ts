/**
 * The new-lead notification: the mail itself, and the lead endpoint's handler with the site's
 * flows, a real outbox on both databases, real upload storage and the real file mailer in a temp
 * MAIL_DIR. Only the mailers that fail or hang are test-made, to show a lead never depends on them.
 */
import { SiteFlows } from '@/site/server/flows/site-flows';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaVerifier } from '@/site/server/leads/captcha-verifier';
import { FileStorage, fileLink } from '@/site/server/leads/file-storage';
import { handleLeadPost } from '@/site/server/leads/handle-lead-post';
import {
  newLeadMail,
  notifyNewLead,
  type LeadNotifier,
  type StoredLeadNotice,
} from '@/site/server/leads/lead-notification';
import type { LeadServices } from '@/site/server/leads/lead-services';
import { createRateLimit } from '@/site/server/http/rate-limit';
import { createFileMailer } from '@/site/server/mail/file-mailer';
import type { Mailer } from '@/site/server/mail/mailer';
import { dialects } from '@/tests/integration/support/test-databases';
import { repoFlow, repoRegistry } from '../funnel/funnel-fixtures';
import { tempOutbox } from './outbox-fixtures';

const SITE = 'https://firm.example';
const STAFF = ['leads@firm.example', 'partner@firm.example'];
const page = { uri: 'https://firm.example/services/software', name: 'Software' };
const receivedAt = Date.UTC(2025, 10, 3, 9, 30, 12);

const tellUsMore = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  phone: '(555) 555-0142',
  email: 'ada@engines.example',
  company: 'Analytical Engines Ltd',
  project_description: 'A confidential difference engine rebuild',
  nda: true,
};
const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function mailsIn(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith('.eml'))
      .sort()
      .map((name) => readFileSync(path.join(dir, name), 'utf8'));
  } catch {
    return [];
  }
}

async function until<T>(read: () => T, done: (value: T) => boolean, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = read();
    if (done(value) || Date.now() > end) return value;
    await sleep(20);
  }
}

describe('the new-lead mail', () => {
  const notice = (answers: StoredLeadNotice['answers']): StoredLeadNotice => ({
    id: 'L-20251103-abc',
    flow: repoFlow('contactBanner'),
    answers,
    receivedAt,
  });

  it('names the form, the visitor and the time, and links to the lead in the back office', () => {
    const mail = newLeadMail(
      notice({
        reason_for_enquiry: 'Business inquiry',
        full_name: 'Grace Hopper',
        phone: '(555) 555-0100',
        email: 'grace@navy.example',
      }),
      STAFF,
      SITE,
    );
    expect(mail).toEqual({
      to: 'leads@firm.example, partner@firm.example',
      subject: 'New lead: Contact banner (/contact-us, city, SBA and technology pages)',
      text: [
        'A new lead has arrived.',
        '',
        'Form: Contact banner (/contact-us, city, SBA and technology pages)',
        'Name: Grace Hopper',
        'E-mail: grace@navy.example',
        'Received: 2025-11-03 09:30 UTC',
        '',
        'Open it in the back office:',
        'https://firm.example/admin/leads/L-20251103-abc',
      ].join('\n'),
    });
  });

  it("leaves out what the answers do not have, and keeps a visitor's text on one line", () => {
    const bare = newLeadMail(notice({ reason_for_enquiry: 'Other' }), STAFF, SITE).text;
    expect(bare).not.toMatch(/Name:|E-mail:/);
    const forged = newLeadMail(
      notice({ full_name: 'Eve\r\n\r\nOpen https://evil.example now', email: 'eve@evil.example' }),
      STAFF,
      SITE,
    ).text;
    expect(forged).toContain('Name: Eve Open https://evil.example now\n');
    expect(forged.split('\n')).toHaveLength(9);
  });
});

describe.each(dialects)('new leads stored on %s', (dialect) => {
  let outbox: ReturnType<typeof tempOutbox>;
  let dir: string;
  const errors: { message: string; error: unknown }[] = [];

  beforeAll(() => {
    outbox = tempOutbox(dialect);
    dir = mkdtempSync(path.join(tmpdir(), 'lead-notify-'));
  });
  afterAll(async () => {
    await outbox.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The handler's services as the site builds them, told to notify `notifier`'s addresses. */
  function services(notifier: Partial<LeadNotifier> & { mailer: () => Mailer }): LeadServices {
    const settings: LeadNotifier = {
      to: STAFF,
      siteUrl: SITE,
      logError: (message, error) => errors.push({ message, error }),
      ...notifier,
    };
    return {
      store: outbox.store,
      files: new FileStorage(path.join(dir, 'uploads')),
      flows: new SiteFlows({ files: repoRegistry() }),
      captcha: createCaptchaVerifier({ provider: 'none' }),
      rateLimit: createRateLimit(0),
      fileLink: (token) => fileLink(SITE, token),
      onNewLead: (lead) => void notifyNewLead(lead, settings),
    };
  }

  function multipart(answers: Record<string, unknown>, headers: Record<string, string> = {}) {
    const form = new FormData();
    form.set('answers', JSON.stringify(answers));
    form.set('page', JSON.stringify(page));
    form.set('file', new Blob([pdf], { type: 'application/pdf' }), 'board-minutes-secret.pdf');
    return new Request(`${SITE}/api/leads/tellUsMore`, { method: 'POST', body: form, headers });
  }

  const json = (flowId: string, answers: Record<string, unknown>, headers = {}) =>
    new Request(`${SITE}/api/leads/${flowId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ answers, page }),
    });

  it('mails the staff who is asking, never the other answers or the file', async () => {
    const mailDir = path.join(dir, 'mail-upload');
    const mailer = createFileMailer({ dir: mailDir, from: 'no-reply@firm.example' });
    const response = await handleLeadPost(
      multipart({ ...tellUsMore, file: 'board-minutes-secret.pdf' }),
      'tellUsMore',
      services({ mailer: () => mailer }),
    );
    expect(response.status).toBe(202);
    const { id } = (await response.json()) as { id: string };

    const [mail, ...more] = await until(
      () => mailsIn(mailDir),
      (mails) => mails.length > 0,
    );
    expect(more).toEqual([]);
    expect(mail).toMatch(/^To: leads@firm\.example, partner@firm\.example\r$/m);
    expect(mail).toMatch(
      /^Subject: New lead: Tell us more about your project \(service pages\)\r$/m,
    );
    expect(mail).toContain('\r\nForm: Tell us more about your project (service pages)\r\n');
    expect(mail).toContain('\r\nName: Ada Lovelace\r\nE-mail: ada@engines.example\r\n');
    expect(mail).toMatch(/\r\nReceived: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\r\n/);
    expect(mail).toContain(`\r\n${SITE}/admin/leads/${encodeURIComponent(id)}\r\n`);
    for (const secret of [
      'board-minutes-secret',
      '.pdf',
      '/api/lead-files/',
      tellUsMore.company,
      tellUsMore.project_description,
      tellUsMore.phone,
      'NDA',
    ]) {
      expect(mail).not.toContain(secret);
    }
    expect(await outbox.store.getLead(id)).toBeDefined();
  });

  it('mails once for a lead sent again with its Idempotency-Key, at once or later', async () => {
    const mailDir = path.join(dir, 'mail-repeat');
    const mailer = createFileMailer({ dir: mailDir, from: 'no-reply@firm.example' });
    const notifying = services({ mailer: () => mailer });
    const answers = { email: `repeat-${dialect}@startup.example` };
    const key = { 'idempotency-key': `notify-${dialect}-1` };
    const together = await Promise.all(
      [1, 2, 3].map(() =>
        handleLeadPost(json('newsletter', answers, key), 'newsletter', notifying),
      ),
    );
    const later = await handleLeadPost(json('newsletter', answers, key), 'newsletter', notifying);
    const ids = new Set<string>();
    for (const response of [...together, later]) {
      expect(response.status).toBe(202);
      ids.add(((await response.json()) as { id: string }).id);
    }
    expect(ids.size).toBe(1);
    await until(
      () => mailsIn(mailDir),
      (mails) => mails.length > 0,
    );
    await sleep(200); // time for any second mail to be written
    const mails = mailsIn(mailDir);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`E-mail: ${answers.email}\r\n`);
  });

  it('sends nothing when no staff address is set', async () => {
    let built = 0;
    const counting = () => {
      built += 1;
      return createFileMailer({ dir: path.join(dir, 'mail-off'), from: 'no-reply@firm.example' });
    };
    for (const to of [undefined, []]) {
      const response = await handleLeadPost(
        json('newsletter', { email: `off-${dialect}@startup.example` }),
        'newsletter',
        services({ to, mailer: counting }),
      );
      expect(response.status).toBe(202);
    }
    await sleep(100);
    expect(built).toBe(0);
    expect(mailsIn(path.join(dir, 'mail-off'))).toEqual([]);
  });

  it('stores and answers the lead whatever the mailer does: failing, throwing or hanging', async () => {
    errors.length = 0;
    const rejecting: Mailer = { kind: 'smtp', send: () => Promise.reject(new Error('535 auth')) };
    const throwing: Mailer = {
      kind: 'smtp',
      send: () => {
        throw new Error('no transport');
      },
    };
    const hanging: Mailer = { kind: 'smtp', send: () => new Promise<void>(() => undefined) };
    const cases: [string, () => Mailer][] = [
      ['rejecting', () => rejecting],
      ['throwing', () => throwing],
      [
        'unbuildable',
        () => {
          throw new Error('SMTP_URL unusable');
        },
      ],
      ['hanging', () => hanging],
    ];
    for (const [name, mailer] of cases) {
      const started = Date.now();
      const response = await handleLeadPost(
        json('newsletter', { email: `${name}-${dialect}@startup.example` }),
        'newsletter',
        services({ mailer }),
      );
      expect(response.status, name).toBe(202);
      expect(Date.now() - started, name).toBeLessThan(5_000);
      const { id } = (await response.json()) as { id: string };
      expect(await outbox.store.getLead(id), name).toBeDefined();
    }
    await until(
      () => errors.length,
      (count) => count >= 3,
    );
    expect(errors.map((entry) => (entry.error as Error).message)).toEqual([
      '535 auth',
      'no transport',
      'SMTP_URL unusable',
    ]);
    expect(errors[0]?.message).toMatch(
      /^\[leads\] the new-lead notification of \S+ could not be sent:$/,
    );
  });
});
