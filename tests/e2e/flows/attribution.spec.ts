/**
 * Where a lead came from and what it consented to, as a visitor produces them: the campaign of
 * the visit's first page travels with a form sent pages later, the visitor's address (as the
 * proxy in front reports it) goes in HubSpot's context, and the subscribe page's privacy box
 * reaches HubSpot as legalConsentOptions with the very text the visitor read. What is checked is
 * what the server stored to send (the outbox), not what the browser meant to send.
 */
import { expect, test, type Page } from '@playwright/test';
import { leadResponse } from './support/flow-driver';
import { readLead } from './support/lead-store';

const visitor = '203.0.113.77';
test.use({ extraHTTPHeaders: { 'x-forwarded-for': visitor } });

async function subscribeInFooter(page: Page, email: string) {
  const footer = page.locator('#newsletter');
  const submitted = leadResponse(page, 'newsletter');
  await footer.getByLabel('Email').fill(email);
  await footer.getByRole('button', { name: 'Submit' }).click();
  await expect(footer.getByRole('heading', { name: /joined our mailing list/ })).toBeVisible();
  const response = await submitted;
  expect(response.status()).toBe(202);
  return readLead(((await response.json()) as { id: string }).id)!;
}

test('the first page’s campaign is stored and sent with a newsletter signed up on another page', async ({
  page,
}) => {
  await page.goto('/?utm_source=news&utm_campaign=fall');
  // The visitor wanders: a link in the page, then a page opened by its address (a full load).
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: /privacy/i })
    .first()
    .click();
  await expect(page).toHaveURL(/privacy/);
  await page.goto('/contact-us');

  const lead = await subscribeInFooter(page, 'campaign.reader@example.com');
  expect(lead.hidden).toEqual({ utm_source: 'news', utm_campaign: 'fall' });
  const [body] = lead.deliveries;
  expect(body?.fields).toEqual([
    { objectTypeId: '0-1', name: 'email', value: 'campaign.reader@example.com' },
    { objectTypeId: '0-1', name: 'utm_source', value: 'news' },
    { objectTypeId: '0-1', name: 'utm_campaign', value: 'fall' },
  ]);
  // The page where the visitor sent the form, and the visitor's own address.
  expect(body?.context).toMatchObject({ pageName: 'contact-us', ipAddress: visitor });
  expect(new URL(body!.context.pageUri!).pathname).toBe('/contact-us');
});

test('a visit that did not come from a campaign sends no campaign fields, blank or otherwise', async ({
  page,
}) => {
  await page.goto('/contact-us');
  const lead = await subscribeInFooter(page, 'plain.reader@example.com');
  expect(lead.hidden).toEqual({});
  expect(lead.deliveries[0]?.fields.map((f) => f.name)).toEqual(['email']);
  expect(lead.deliveries[0]?.context.ipAddress).toBe(visitor);
});

test('the subscribe page’s privacy consent reaches HubSpot with the exact text shown', async ({
  page,
}) => {
  await page.goto('/subscribe');
  const form = page.locator('#form-subscribePage');
  await form.getByLabel('Email').fill('consenting@example.com');
  await form.getByLabel('Full name').fill('Casey Reader');
  await form.getByLabel('Phone').click();
  await form.getByLabel('Phone').pressSequentially('2025550143');
  const box = form.getByRole('checkbox', { name: /privacy policy/ });
  const shownText = (
    await form.locator(`label[for="${await box.getAttribute('id')}"]`).innerText()
  ).trim();

  // Without the box ticked the visitor is told, and nothing is sent.
  let posts = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/leads/')) posts += 1;
  });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Please accept the privacy policy').last()).toBeVisible();
  expect(posts).toBe(0);

  const submitted = leadResponse(page, 'subscribePage');
  await box.check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('heading', { name: 'Changes saved successfully!' })).toBeVisible();
  const response = await submitted;
  const lead = readLead(((await response.json()) as { id: string }).id)!;
  expect(lead.deliveries[0]?.legalConsentOptions).toEqual({
    consent: { consentToProcess: true, text: shownText },
  });
  expect(shownText).toMatch(/^I agree to the processing of my data/);
});
