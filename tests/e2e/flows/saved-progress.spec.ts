/**
 * Saved progress with consent, in the real browser against the built site: a visitor who ticks
 * the box on the contact step and stops after it is a partial lead staff find in the inbox (step
 * n of m, the question they stopped at), and finishing turns it into one lead; a visitor who
 * leaves the box unticked sends nothing to the server before the final submission, and nothing
 * of theirs is kept. A link mailed from the phone finishes the questionnaire on a laptop (another
 * browser context), once; an expired or used link says so and offers to start again.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  coveringPaths,
  findStep,
  stepProgress,
  visibleFields,
  type Answers,
} from '@/engine/client';
import {
  grantRole,
  hashed,
  signInWithForm,
  uniqueEmail,
  verifiedAccount,
} from '../support/accounts';
import { openDatabase } from '@/site/server/db/database';
import { PartialLeadStore } from '@/site/server/leads/partial-lead-store';
import { ResumeLinks } from '@/site/server/leads/resume-links';
import { axeViolations } from '../support/axe';
import { waitForMail } from '../support/mailbox';
import { e2eDatabase } from '../support/run-dir';
import {
  answerStep,
  expectStep,
  fillField,
  leadResponse,
  visitorIp,
  walkSteps,
} from './support/flow-driver';
import { readLead } from './support/lead-store';
import { repoFlow } from './support/repo-flows';

const flow = repoFlow('client');
const consentWords = flow.saveProgress!.consent;
const walked = coveringPaths(flow).find(
  (p) => p.submissions.length > 0 && p.steps.some((s) => s.step === 'contact'),
)!;
const contactAt = walked.steps.findIndex((s) => s.step === 'contact');
const before = walked.steps.slice(0, contactAt);
const after = walked.steps[contactAt + 1]!;

test.use({ extraHTTPHeaders: { 'x-forwarded-for': visitorIp() } });
test.describe.configure({ timeout: 120_000 });

/** The server's partial leads for this address (its own SQLite file, read-only). */
function partialRows(email: string): { step: string; lead_id: string | null }[] {
  const db = new Database(path.resolve(e2eDatabase()), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT step, lead_id FROM partial_leads WHERE email = ?').all(email) as {
      step: string;
      lead_id: string | null;
    }[];
  } finally {
    db.close();
  }
}

/** Walks to the contact step, fills it with `email`, ticks the box when told, and moves on. */
async function throughContact(page: Page, email: string, tick: boolean) {
  await page.goto('/');
  const scope = page.locator('#form-client');
  let answers: Answers = await walkSteps(scope, flow, before);
  await expectStep(scope, flow, 'contact', answers);
  const contact = findStep(flow, 'contact')!;
  const given: Answers = { ...(walked.steps[contactAt]!.answer as Answers), email };
  if (contact.kind === 'choice') throw new Error('contact is a fields step');
  for (const field of visibleFields(contact.fields, answers)) {
    await fillField(scope, field, given[field.name]);
  }
  const box = scope.getByRole('checkbox', { name: consentWords });
  await expect(box).not.toBeChecked();
  if (tick) await box.check();
  await scope.getByRole('button', { name: contact.submitLabel ?? 'Next', exact: true }).click();
  answers = { ...answers, ...given };
  await expectStep(scope, flow, after.step, answers);
  return { scope, answers };
}

async function finish(scope: Locator, answers: Answers) {
  await answerStep(scope, flow, findStep(flow, after.step)!, after.answer, answers);
}

test('a visitor who stops after the contact step is a partial lead for staff; finishing makes one lead', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('kept', 'visitor.example');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/leads/client/progress'));
  const { scope, answers } = await throughContact(page, email, true);
  expect((await saved).status()).toBe(200);
  await expect(scope.getByRole('status').filter({ hasText: 'kept so you can finish' })).toHaveText(
    'Your answers are kept so you can finish later.',
  );
  expect(partialRows(email)).toEqual([{ step: after.step, lead_id: null }]);

  // Staff see it under the questionnaire filter, with how far the visitor got.
  const desk = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': visitorIp() } });
  const staffEmail = uniqueEmail('desk', 'firm.example');
  await verifiedAccount(desk.request, staffEmail);
  await grantRole(staffEmail, 'staff');
  const inbox = await desk.newPage();
  await inbox.goto(`/admin/leads?flow=client&q=${encodeURIComponent(email)}`);
  await signInWithForm(inbox, staffEmail);
  await expect(inbox).toHaveURL(/\/admin\/leads\?flow=client/, hashed);
  const table = inbox.getByRole('table', { name: 'Partial leads, newest first' });
  const row = table.getByRole('row').filter({ hasText: email });
  // "Question n / N" when the step is numbered, else its place among the flow's steps.
  const n = stepProgress(flow, answers, after.step) ?? {
    n: contactAt + 2,
    total: flow.steps.length,
  };
  await expect(row).toContainText(
    `Step ${n.n} of ${n.total}: ${findStep(flow, after.step)!.question}`,
  );
  await desk.close();

  // Finishing sends the lead with the saved progress: one lead, and the partial lead is done.
  const submitted = leadResponse(page, 'client');
  await finish(scope, answers);
  const { id } = (await (await submitted).json()) as { id: string };
  expect(readLead(id)?.answers).toMatchObject({ email });
  expect(partialRows(email)).toEqual([]); // its answers and address are dropped once finished
});

test('a visitor who leaves the box unticked sends nothing before the final submission', async ({
  page,
}) => {
  const email = uniqueEmail('unticked', 'visitor.example');
  const sent: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/leads/')) sent.push(request.url());
  });
  await throughContact(page, email, false);
  // Longer than the save's debounce: a save would have gone out by now.
  await page.waitForTimeout(1_500);
  expect(sent).toEqual([]);
  expect(partialRows(email)).toEqual([]);
});

/** The resume link in the newest mail to `email`, as a path on the server under test. */
async function mailedLink(email: string): Promise<string> {
  const mail = await waitForMail(email);
  const link = /https?:\/\/\S+\/resume\?t=[\w.%-]+/.exec(mail)?.[0];
  if (!link) throw new Error(`no resume link in:\n${mail}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** The version the server stored a lead with. */
function leadVersion(id: string): number {
  const db = new Database(path.resolve(e2eDatabase()), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT flow_version FROM leads WHERE id = ?').get(id) as {
      flow_version: number;
    };
    return row.flow_version;
  } finally {
    db.close();
  }
}

test('a link mailed from the phone finishes the questionnaire on a laptop, once', async ({
  browser,
  page,
}) => {
  const email = uniqueEmail('phone', 'visitor.example');
  await page.setViewportSize({ width: 390, height: 844 });
  const { scope, answers } = await throughContact(page, email, true);
  await expect(
    scope.getByRole('status').filter({ hasText: 'kept so you can finish' }),
  ).toBeVisible();
  await scope.getByRole('button', { name: 'E-mail me a link to finish later' }).click();
  await expect(scope.getByRole('status').filter({ hasText: 'We e-mailed a link' })).toContainText(
    `We e-mailed a link to ${email}. It opens your answers once, on any device`,
  );
  const link = await mailedLink(email);

  // The laptop: another browser context, with nothing of the phone's session.
  const laptop = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': visitorIp() },
    viewport: { width: 1366, height: 768 },
  });
  const desk = await laptop.newPage();
  await desk.goto(link);
  await expect(desk.getByRole('heading', { level: 1 })).toHaveText('Finish your questionnaire');
  expect(await axeViolations(desk)).toEqual([]);
  await expect(
    desk.getByText(findStep(flow, after.step)!.question, { exact: false }),
  ).toBeVisible();
  await desk.getByRole('button', { name: 'Continue where I stopped' }).click();
  const resumed = desk.locator('#form-client');
  await expectStep(resumed, flow, after.step, answers);
  const submitted = leadResponse(desk, 'client');
  await answerStep(resumed, flow, findStep(flow, after.step)!, after.answer, answers);
  const { id } = (await (await submitted).json()) as { id: string };
  expect(readLead(id)?.answers).toMatchObject({ email });
  expect(leadVersion(id)).toBe(flow.version);
  expect(partialRows(email)).toEqual([]);

  // The link was spent by the laptop: opened again, it says so and offers a fresh start.
  const again = await (await browser.newContext()).newPage();
  await again.goto(link);
  await expect(again.getByRole('heading', { level: 1 })).toHaveText('This link was already used');
  await expect(again.getByRole('link', { name: 'Start again' })).toHaveAttribute('href', '/');
  await laptop.close();
});

test('an expired link says so plainly and offers to start again', async ({ page }) => {
  const email = uniqueEmail('expired', 'visitor.example');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/leads/client/progress'));
  await throughContact(page, email, true);
  expect((await saved).status()).toBe(200);
  // A link sent eight days ago (links work seven), issued by the site's own code on its database.
  const site = openDatabase({ file: path.resolve(e2eDatabase()) });
  let token: string;
  try {
    const partials = new PartialLeadStore(() => Promise.resolve(site), 30);
    const links = new ResumeLinks(() => Promise.resolve(site), partials, 7);
    const [kept] = (await partials.unfinished(Date.now(), { flowId: 'client' })).filter(
      (partial) => partial.email === email,
    );
    ({ token } = await links.issue(kept!, Date.now() - 8 * 86_400_000));
  } finally {
    await site.close();
  }
  const other = await page.context().browser()!.newContext();
  const laptop = await other.newPage();
  await laptop.goto(`/resume?t=${encodeURIComponent(token)}`);
  await expect(laptop.getByRole('heading', { level: 1 })).toHaveText('This link has expired');
  await expect(laptop.getByText(/This link has expired: for your security/)).toBeVisible();
  await laptop.getByRole('link', { name: 'Start again' }).click();
  await expect(laptop).toHaveURL(/\/$/);
  await expect(
    laptop
      .locator('#form-client')
      .getByRole('heading', { name: findStep(flow, flow.start)!.question }),
  ).toBeVisible();
  await other.close();
});
