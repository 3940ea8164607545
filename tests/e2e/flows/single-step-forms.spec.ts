/**
 * Each single-step form once with good input (success text shown, lead stored with its page)
 * and once with bad input (the error text is visible, the error summary takes focus, nothing
 * is sent). Good input is the engine's sample path, typed in through the labels.
 */
import { expect, test, type Page } from '@playwright/test';
import { findEnding, type Answers } from '@/engine/client';
import { flowPaths } from '@/engine/flow-paths';
import { answerStep, leadResponse, visitorIp } from './support/flow-driver';
import { readLead } from './support/lead-store';
import { repoFlow } from './support/repo-flows';

const forms = [
  { flowId: 'newsletter', path: '/', scope: '#newsletter' },
  { flowId: 'ebook', path: '/', scope: '#form-ebook' },
  { flowId: 'joinEvent', path: '/careers', scope: '#form-joinEvent' },
  { flowId: 'readyToTalk', path: '/', scope: '#form-readyToTalk' },
  { flowId: 'subscribePage', path: '/subscribe', scope: '#form-subscribePage' },
  {
    flowId: 'careersApplication',
    path: '/careers/contact-form',
    scope: '#form-careersApplication',
  },
  {
    flowId: 'tellUsMore',
    path: '/consulting/market-data-plans/feasibility-reports',
    scope: '#form-tellUsMore',
  },
  { flowId: 'contactBanner', path: '/contact-us', scope: '#form-contactBanner' },
];

test.use({ extraHTTPHeaders: { 'x-forwarded-for': visitorIp() } });

async function postsDuring(page: Page, action: () => Promise<void>): Promise<number> {
  let posts = 0;
  const count = (request: { method(): string; url(): string }) => {
    if (request.method() === 'POST' && request.url().includes('/api/leads/')) posts += 1;
  };
  page.on('request', count);
  await action();
  page.off('request', count);
  return posts;
}

for (const form of forms) {
  const flow = repoFlow(form.flowId);
  const path = flowPaths(flow).find((p) => p.submissions.length > 0)!;
  const ending = findEnding(flow, path.ending)!;

  test(`${form.flowId} on ${form.path}: good input is stored and confirmed`, async ({ page }) => {
    await page.goto(form.path);
    const scope = page.locator(form.scope);
    const submitted = leadResponse(page, form.flowId);
    let answers: Answers = {};
    for (const step of path.steps) {
      const own = step.answer as Answers;
      await answerStep(
        scope,
        flow,
        flow.steps.find((s) => s.id === step.step)!,
        own,
        answers,
      );
      answers = { ...answers, ...own };
    }
    if (ending.kind === 'screen') {
      await expect(scope.getByRole('heading', { name: ending.heading })).toBeVisible();
    }
    const response = await submitted;
    expect(response.status()).toBe(202);
    const lead = readLead(((await response.json()) as { id: string }).id);
    expect(lead?.flowId).toBe(form.flowId);
    expect(lead?.answers).toEqual(path.answers);
    expect(new URL(lead!.pageUri).pathname).toBe(form.path);
    expect(lead?.deliveries.map((d) => d.formKey)).toEqual(path.submissions.map((s) => s.formKey));
  });

  test(`${form.flowId} on ${form.path}: a bad e-mail shows its error and sends nothing`, async ({
    page,
  }) => {
    await page.goto(form.path);
    const scope = page.locator(form.scope);
    const first = flow.steps.find((s) => s.id === path.steps[0]!.step)!;
    const bad = { ...(path.steps[0]!.answer as Answers), email: 'not-an-email' };
    const posts = await postsDuring(page, async () => {
      await answerStep(scope, flow, first, bad, {});
      const summary = scope.getByRole('alert').filter({ hasText: 'There is a problem' });
      await expect(summary).toBeFocused();
      await expect(summary.getByRole('link', { name: 'This is not a valid email' })).toBeVisible();
      await expect(scope.getByText('This is not a valid email').last()).toBeVisible();
      await expect(scope.getByLabel('Email', { exact: false }).first()).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      // The summary link takes the visitor to the field.
      await summary.getByRole('link', { name: 'This is not a valid email' }).click();
      await expect(scope.getByLabel('Email', { exact: false }).first()).toBeFocused();
    });
    expect(posts).toBe(0);
  });
}

test('after a subscription, moving to another page clears the message and empties the form', async ({
  page,
}) => {
  const flow = repoFlow('newsletter');
  const ending = findEnding(flow, 'done')!;
  await page.goto('/');
  const footer = page.locator('#newsletter');
  const email = footer.getByLabel('Email');
  await email.fill('reader@example.com');
  await footer.getByRole('button', { name: 'Submit' }).click();
  await expect(
    footer.getByRole('heading', { name: ending.kind === 'screen' ? ending.heading : '' }),
  ).toBeVisible();
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: /privacy/i })
    .first()
    .click();
  await expect(page).toHaveURL(/privacy/);
  await expect(footer.getByText('Congratulations')).toHaveCount(0);
  // A route change in the same document (the footer and its form lived through it).
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
  // The form is back, reset: the address just subscribed is not offered again.
  await expect(email).toBeVisible();
  await expect(email).toHaveValue('');
  await page.reload();
  await expect(email).toBeVisible();
  await expect(email).toHaveValue('');
  await expect(footer.getByText('Congratulations')).toHaveCount(0);
});
