import type { MailMessage } from '@/site/server/mail/mailer';
import { authRoutes } from '@/site/auth/user';

export interface MailContext {
  siteUrl: string;
  brandName: string;
}

/**
 * Links are built from the configured SITE_URL, never from the request's Host header:
 * a forged Host would otherwise send a valid token to someone else's server.
 */
export function verificationMail(to: string, token: string, context: MailContext): MailMessage {
  const link = `${context.siteUrl}${authRoutes.verify}?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: `Confirm your e-mail address for ${context.brandName}`,
    text: [
      'Hello,',
      '',
      `Please confirm the e-mail address of your ${context.brandName} account by opening this link:`,
      '',
      link,
      '',
      'The link works once and expires in 24 hours.',
      'If you did not create an account, you can ignore this message.',
    ].join('\n'),
  };
}

/** Sent instead of a new account when the address is already verified. */
export function alreadyRegisteredMail(to: string, context: MailContext): MailMessage {
  return {
    to,
    subject: `Your ${context.brandName} account`,
    text: [
      'Hello,',
      '',
      `Someone asked to create a ${context.brandName} account with this e-mail address,`,
      'which already has one. To sign in, open:',
      '',
      `${context.siteUrl}${authRoutes.login}`,
      '',
      'If that was not you, you can ignore this message: nothing has changed.',
    ].join('\n'),
  };
}
