/**
 * What a visitor types into the account forms, checked the same way in the browser and
 * on the server (zod; the server is the authority). Safe for client components.
 */
import { z } from 'zod';

const text = (missing: string) =>
  z.string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? missing : 'Must be text.',
  });

export const emailField = text('Enter your e-mail address.')
  .trim()
  .toLowerCase()
  .pipe(
    z
      .email({ error: 'Enter a valid e-mail address, like name@example.com.' })
      .max(254, { error: 'An e-mail address has at most 254 characters.' }),
  );

/** Limits the work one request can cause: scrypt's cost grows with the input. */
export const PASSWORD_MAX = 128;
export const PASSWORD_MIN = 10;

export const loginSchema = z.object({
  email: emailField,
  password: text('Enter your password.')
    .min(1, { error: 'Enter your password.' })
    .max(PASSWORD_MAX, { error: `A password has at most ${PASSWORD_MAX} characters.` }),
});

export const registerSchema = z.object({
  email: emailField,
  password: text('Choose a password.')
    .min(PASSWORD_MIN, { error: `Use at least ${PASSWORD_MIN} characters.` })
    .max(PASSWORD_MAX, { error: `Use at most ${PASSWORD_MAX} characters.` }),
});

export const verifySchema = z.object({
  token: text('The verification link has no token.')
    .min(1, { error: 'The verification link has no token.' })
    .max(200, { error: 'The verification token is malformed.' }),
});

export const resendSchema = z.object({ email: emailField });

export type LoginInput = z.input<typeof loginSchema>;
export type RegisterInput = z.input<typeof registerSchema>;
