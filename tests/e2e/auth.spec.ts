import { expect, test } from '@playwright/test';
import { hashed, password, signInWithForm, uniqueEmail, verifiedAccount } from './support/accounts';
import { verificationPath, waitForMail } from './support/mailbox';
import { axeViolations } from './support/axe';

// Each sign-in costs a deliberate scrypt hash; on a busy machine a journey of several
// takes longer than the default 30 s.
test.describe.configure({ timeout: 90_000 });

const unique = (label: string) => uniqueEmail(label);

test('register → mail → unverified login → verify from the link → login → logout', async ({
  page,
  context,
}) => {
  const email = unique('journey');
  await page.goto('/login');

  const register = page.getByRole('form', { name: 'Create an account' });
  await expect(register.getByRole('button', { name: 'Create account' })).toBeEnabled();
  await register.getByLabel('E-mail address').fill(email);
  await register.getByLabel('Choose a password').fill(password);
  await register.getByRole('button', { name: 'Create account' }).click();
  await expect(register.getByRole('status')).toContainText('We have sent a message', hashed);
  const mail = await waitForMail(email);
  expect(mail).toMatch(/^Subject: Confirm your e-mail address/m);

  // Signed in but unverified: sent to /account/verify, and the guard keeps /account shut.
  await signInWithForm(page, email);
  await expect(page).toHaveURL(/\/account\/verify$/, hashed);
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
  await expect(page.getByText(`We sent a link to ${email}`)).toBeVisible();
  await page.goto('/account');
  await expect(page).toHaveURL(/\/account\/verify$/);

  // Following the link verifies; the token leaves the address bar.
  await page.goto(verificationPath(mail));
  await expect(
    page.getByRole('heading', { name: 'Your e-mail address is confirmed' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/account\/verify$/);

  await page.goto('/login');
  await signInWithForm(page, email);
  await expect(page).toHaveURL(/\/$/, hashed);
  const cookie = (await context.cookies()).find((item) => item.name === 'auth._token.local');
  expect(cookie).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax', secure: false });
  const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
  expect(lifetime).toBeGreaterThan(31_536_000 - 120);
  expect(lifetime).toBeLessThanOrEqual(31_536_000 + 5);

  // The token is out of reach of page scripts: not in storage, not in document.cookie.
  const visible = await page.evaluate(() =>
    JSON.stringify({
      local: { ...localStorage },
      session: { ...sessionStorage },
      cookie: document.cookie,
    }),
  );
  expect(visible).not.toContain(cookie?.value ?? 'missing');
  expect(visible).not.toContain('auth.');

  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await context.cookies()).some((item) => item.name === 'auth._token.local')).toBe(false);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password and an unknown e-mail get the same message', async ({ page, request }) => {
  const email = unique('same-message');
  await verifiedAccount(request, email);
  await page.goto('/login');

  await signInWithForm(page, email, 'not the right one');
  const alert = page.getByRole('form', { name: 'Sign in' }).getByRole('alert');
  await expect(alert).toHaveText('The e-mail address or password is incorrect.', hashed);
  await expect(alert).toBeFocused();

  await signInWithForm(page, unique('nobody'), password);
  await expect(alert).toHaveText('The e-mail address or password is incorrect.', hashed);
  await expect(page).toHaveURL(/\/login$/);
});

test('repeated failed logins from one client get 429', async ({ page, playwright, baseURL }) => {
  // One client, as a reverse proxy would identify it; other tests come from elsewhere.
  const client = { 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 200) + 20}` };
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: client });
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const response = await api.post('/auth/login', {
      data: { email: unique(`guess${attempt}`), password: 'guess' },
    });
    statuses.push(response.status());
  }
  expect(statuses).toEqual(Array<number>(20).fill(401));
  const limited = await api.post('/auth/login', { data: { email: unique('late'), password } });
  expect(limited.status()).toBe(429);
  expect(Number(limited.headers()['retry-after'])).toBeGreaterThan(0);
  await api.dispose();

  // The same client in the browser reads why.
  await page.setExtraHTTPHeaders(client);
  await page.goto('/login');
  await signInWithForm(page, unique('browser'));
  await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toContainText(
    'Too many attempts',
    hashed,
  );
});

test('an error while initialising auth is logged and does not sign the user out', async ({
  page,
  context,
}) => {
  const email = unique('init-error');
  await verifiedAccount(context.request, email);
  expect((await context.request.post('/auth/login', { data: { email, password } })).status()).toBe(
    200,
  );

  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text());
  });
  const logouts: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/auth/logout')) logouts.push(request.url());
  });
  // The account service fails once, the way an overloaded server does.
  await page.route('**/auth/user', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }),
  );
  await page.goto('/login');
  await expect.poll(() => logged.some((text) => text.includes('[auth]'))).toBe(true);
  expect(logouts).toEqual([]);
  expect((await context.cookies()).some((item) => item.name === 'auth._token.local')).toBe(true);

  await page.unroute('**/auth/user');
  await page.reload();
  await expect(page.getByText(`You are signed in as ${email}.`)).toBeVisible();
});

test('a visitor who is not signed in is sent from /account to /login', async ({ page }) => {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('an unverified user asks for a new link; only the newest link works, and only once', async ({
  page,
}) => {
  const email = unique('resend');
  expect((await page.request.post('/auth/register', { data: { email, password } })).status()).toBe(
    202,
  );
  const first = await waitForMail(email);
  await page.goto('/login');
  await signInWithForm(page, email);
  await expect(page).toHaveURL(/\/account\/verify$/);

  const resend = page.getByRole('form', { name: 'Need a new link?' });
  await expect(resend.getByRole('button', { name: 'Send a new link' })).toBeEnabled();
  await expect(resend.getByLabel('E-mail address')).toHaveValue(email);
  await resend.getByRole('button', { name: 'Send a new link' }).click();
  await expect(resend.getByRole('status')).toContainText('a new link is on its way', hashed);
  const second = await waitForMail(email, 1);
  expect(verificationPath(second)).not.toBe(verificationPath(first));

  await page.goto(verificationPath(first));
  await expect(page.getByRole('main').getByRole('alert')).toContainText(
    'invalid, already used or expired',
  );
  await page.goto(verificationPath(second));
  await expect(
    page.getByRole('heading', { name: 'Your e-mail address is confirmed' }),
  ).toBeVisible();
  const token = new URLSearchParams(verificationPath(second).split('?')[1]).get('token');
  const reused = await page.request.post('/auth/verify', { data: { token } });
  expect(reused.status()).toBe(400);
});

test('the account pages have no detectable accessibility violations', async ({ page }) => {
  for (const path of ['/login', '/account/verify']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect((await axeViolations(page, 'main')).map((v) => `${path}: ${v}`)).toEqual([]);
  }
});
