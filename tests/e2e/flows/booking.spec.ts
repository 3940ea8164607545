/**
 * /book-consult (flows.md §5): the bookConsult form, then — with no scheduler configured — the
 * preferred day and time request, both stored as leads, ending on /thank-you-for-booking.
 */
import { expect, test } from '@playwright/test';
import { leadResponse, visitorIp } from './support/flow-driver';
import { readLead } from './support/lead-store';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': visitorIp() } });

test('booking a consultation: contact details, then a preferred time, then the thank-you page', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script' && !r.url().startsWith('http://127.0.0.1'))
      scripts.push(r.url());
  });
  await page.goto('/book-consult');
  const scope = page.locator('#form-bookConsult');
  const contactLead = leadResponse(page, 'bookConsult');
  await scope.getByLabel('Full name').fill('Sam Booker');
  await scope.getByLabel('Phone').pressSequentially('4155550100');
  await scope.getByLabel('Email').fill('sam.booker@example.com');
  await scope.getByRole('button', { name: 'Continue' }).click();
  await expect(
    scope.getByRole('heading', { name: 'Choose a time for your consultation' }),
  ).toBeFocused();
  const first = readLead(((await (await contactLead).json()) as { id: string }).id);
  expect(first?.deliveries[0]?.formKey).toBe('readyToTalk');
  expect(first?.deliveries[0]?.fields).toContainEqual({
    objectTypeId: '0-1',
    name: 'service',
    value: 'Book Consult',
  });

  const timeLead = leadResponse(page, 'bookingRequest');
  await expect(
    scope.getByRole('heading', { name: 'When would you like us to call?' }),
  ).toBeVisible();
  await scope.getByLabel('Preferred day').selectOption('Wednesday');
  await scope.getByLabel('Preferred time').selectOption('Morning (9 am - 12 pm)');
  await scope.getByRole('button', { name: 'Request this time' }).click();
  await expect(page).toHaveURL(/\/thank-you-for-booking$/);
  await expect(
    page.getByRole('heading', { name: 'Thank you for booking your consultation!' }),
  ).toBeVisible();
  const second = readLead(((await (await timeLead).json()) as { id: string }).id);
  expect(second?.answers).toEqual({
    full_name: 'Sam Booker',
    phone: '4155550100',
    email: 'sam.booker@example.com',
    preferred_day: 'Wednesday',
    preferred_time: 'Morning (9 am - 12 pm)',
  });
  // No captcha is configured here, so no third-party script was loaded.
  expect(scripts).toEqual([]);
});
