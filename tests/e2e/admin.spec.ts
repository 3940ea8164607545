/**
 * The back office as the firm's staff and its visitors meet it: a visitor's questionnaire
 * notifies the desk by e-mail, staff follow the link, read the lead as the visitor answered,
 * retry it once HubSpot's form exists and see it delivered; a signed-out user is sent to sign in
 * and brought back, a visitor's account gets a 404, a cross-site POST is refused; axe finds
 * nothing on the staff pages at desktop and phone widths.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { findStep } from '@/engine/client';
import { browserWalks } from './flows/support/browser-walks';
import { leadResponse, optionLabel, visitorIp, walkSteps } from './flows/support/flow-driver';
import { repoFlows, sitePlacements } from './flows/support/repo-flows';
import {
  acceptedSubmissions,
  declareForm,
  e2eNotifyTo,
  fakeHubSpot,
} from './support/fake-hubspot-client';
import {
  grantRole,
  hashed,
  signInWithForm,
  uniqueEmail,
  verifiedAccount,
} from './support/accounts';
import { e2eMailDir } from './support/run-dir';
import { axeViolations } from './support/axe';

test.describe.configure({ timeout: 120_000 });
test.use({ extraHTTPHeaders: { 'x-forwarded-for': visitorIp() } });

const unique = (label: string) => uniqueEmail(label, 'firm.example');

/** The notification mail naming this lead (several leads notify the same desk). */
async function notificationFor(leadId: string): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const names = (await readdir(e2eMailDir()).catch(() => [] as string[])).filter((n) =>
          n.endsWith('.eml'),
        );
        for (const name of names) {
          const mail = await readFile(path.join(e2eMailDir(), name), 'utf8');
          if (mail.includes(`To: ${e2eNotifyTo}`) && mail.includes(`/admin/leads/${leadId}`)) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found;
}

async function expectNoAxeViolations(page: Page) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect((await axeViolations(page)).map((v) => `${width}px ${v}`)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const client = browserWalks(repoFlows(), sitePlacements()).find(
  (w) => w.placement.flowId === 'client',
)!;
const submitting = client.paths.find((p) => p.submissions.length > 0)!;

test('a lead notifies the desk; staff read it as answered, retry it and see it delivered', async ({
  page,
  browser,
}) => {
  // The visitor.
  const { flow, placement } = client;
  await page.goto(placement.path);
  const scope = page.locator(placement.selector);
  const submitted = leadResponse(page, 'client');
  const answers = await walkSteps(scope, flow, submitting.steps);
  const { id } = (await (await submitted).json()) as { id: string };

  // The desk is told, with a link and without the answers.
  const mail = await notificationFor(id);
  const link = new URL(/https?:\/\/\S+\/admin\/leads\/\S+/.exec(mail)![0]);
  expect(mail).toContain(flow.title);
  const firstChoice = submitting.steps.find((s) => findStep(flow, s.step)?.kind === 'choice')!;
  const firstLabel = optionLabel(findStep(flow, firstChoice.step)!, firstChoice.answer as string);
  expect(mail).not.toContain(firstLabel);

  // Staff: sign in from the link and come back to the lead.
  const email = unique('staff');
  const staff = await browser.newContext({ baseURL: new URL(page.url()).origin });
  await verifiedAccount(staff.request, email);
  await grantRole(email, 'staff');
  const desk = await staff.newPage();
  await desk.goto(`${link.pathname}${link.search}`);
  await expect(desk).toHaveURL(/\/login\?next=/);
  await signInWithForm(desk, email);
  await expect(desk).toHaveURL(new RegExp(`/admin/leads/${id}$`), hashed);

  // The answers as the visitor saw the questions.
  const question = findStep(flow, firstChoice.step)!.question;
  const row = desk.getByRole('table', { name: 'Answers' }).getByRole('row', { name: question });
  await expect(row).toContainText(firstLabel);
  // HubSpot has no such form yet: held, with HubSpot's answer in the attempts.
  await expect(desk.getByRole('table', { name: 'Delivery attempts' })).toContainText('404');
  await expectNoAxeViolations(desk);

  // The form is created in HubSpot; staff retry; the lead is delivered.
  await declareForm(
    fakeHubSpot.questionForm,
    flow.submissions.find((s) => s.formKey === 'question')!.fields.map((f) => f.name),
  );
  await desk.getByRole('button', { name: 'Retry delivery now' }).click();
  await expect(
    desk.getByRole('status').filter({ hasText: 'Delivery was attempted' }),
  ).toBeVisible();
  await expect(desk.locator('dl').first()).toContainText('delivered');
  const accepted = await acceptedSubmissions();
  expect(accepted.filter((a) => a.formGuid === fakeHubSpot.questionForm).length).toBeGreaterThan(0);
  await expect(desk.getByRole('region', { name: 'What staff did' })).toContainText(
    `${email}: retried delivery`,
  );

  // Marked handled, and the inbox finds it by the visitor's e-mail.
  await desk.getByRole('button', { name: 'Mark as handled' }).click();
  await expect(desk.getByRole('status').filter({ hasText: 'Marked as handled' })).toBeVisible();
  await desk.goto(`/admin/leads?flow=client&q=${encodeURIComponent(String(answers.email))}`);
  await expect(desk.getByRole('table', { name: 'Leads, newest first' })).toContainText(
    `by ${email}`,
  );
  await expectNoAxeViolations(desk);

  // The questionnaire's funnel, drawn for staff.
  await desk.goto('/admin/flows/client');
  await expect(desk.getByRole('heading', { level: 1 })).toContainText(flow.title);
  await expectNoAxeViolations(desk);
  await desk.goto('/admin/flows');
  await expectNoAxeViolations(desk);

  // A cross-site form posting to a staff action is refused, even with the staff's cookie.
  const forged = await staff.request.post(`/admin/leads/${id}/handled`, {
    headers: { origin: 'https://attacker.example' },
    form: { csrf: 'guess' },
  });
  expect(forged.status()).toBe(403);
  await staff.close();
});

test('a signed-out user is sent to sign in; a visitor’s account gets a plain 404', async ({
  page,
}) => {
  await page.goto('/admin/leads?status=held');
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fleads%3Fstatus%3Dheld$/);

  const email = unique('visitor');
  await verifiedAccount(page.request, email);
  await page.goto('/login');
  await signInWithForm(page, email);
  await expect(page).toHaveURL(/\/$/, hashed);
  const response = await page.goto('/admin/leads');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('link', { name: 'Questionnaires' })).toHaveCount(0);
  const post = await page.request.post('/admin/leads/retry-held', { form: { csrf: 'x' } });
  expect(post.status()).toBe(404);
});
