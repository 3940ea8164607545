/**
 * Accounts as the browser tests make them: registered and confirmed through the API and the
 * mail folder, like a user would; given a staff role with `npm run users` on the server's
 * database, like an operator would; signed in through the form.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { runScript } from '../../integration/support/run-script';
import { verificationPath, waitForMail } from './mailbox';
import { e2eDatabase } from './run-dir';

export const password = 'a sturdy passphrase';

// Waits for an answer that includes a password check (deliberately slow scrypt; slower still
// when the machine is busy).
export const hashed = { timeout: 20_000 };

export const uniqueEmail = (label: string, domain = 'firm-client.example') =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@${domain}`;

/** Registers and verifies through the API and the mail folder, like a user would. */
export async function verifiedAccount(request: APIRequestContext, email: string) {
  expect((await request.post('/auth/register', { data: { email, password } })).status()).toBe(202);
  const token = new URLSearchParams(verificationPath(await waitForMail(email)).split('?')[1]).get(
    'token',
  );
  expect((await request.post('/auth/verify', { data: { token } })).status()).toBe(200);
}

/** `npm run users -- grant <email> <role>` on the server's database. */
export async function grantRole(email: string, role: 'staff' | 'admin') {
  const run = await runScript('scripts/users.ts', ['grant', email, role], {
    LEADS_DB: e2eDatabase(),
  });
  expect(run.code, run.stderr).toBe(0);
}

export async function signInWithForm(page: Page, email: string, secret = password) {
  const form = page.getByRole('form', { name: 'Sign in' });
  // The button is enabled once the page is interactive (hydrated).
  await expect(form.getByRole('button', { name: 'Sign in' })).toBeEnabled(hashed);
  await form.getByLabel('E-mail address').fill(email);
  await form.getByLabel('Password').fill(secret);
  await form.getByRole('button', { name: 'Sign in' }).click();
}
