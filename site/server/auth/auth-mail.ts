import type { MailMessage } from '@/site/server/mail/mailer';
import { authRoutes } from '@/site/auth/user';
import type { VerificationLink } from './verification-store';

export interface MailContext {
  siteUrl: string;
  brandName: string;
}

/**
 * Links are built from the configured SITE_URL, never from the request's Host header:
 * a forged Host would otherwise send a valid token to someone else's server.
 */
export function verificationMail(
  to: string,
  link: VerificationLink,
  context: MailContext,
): MailMessage {
  const url = `${context.siteUrl}${authRoutes.verify}?token=${encodeURIComponent(link.token)}`;
  // Several registrations of one address may wait (someone else may have typed it): each mail
  // names its own, so the owner follows the link of the registration they made.
  const registered = new Date(link.registeredAt).toISOString().slice(0, 16).replace('T', ' ');
  return {
    to,
    subject: `Confirm your e-mail address for ${context.brandName}`,
    text: [
      'Hello,',
      '',
      `Please confirm the e-mail address of your ${context.brandName} account by opening this link:`,
      '',
      url,
      '',
      `It confirms the registration made on ${registered} UTC, with the password chosen then.`,
      'The link works once and expires in 24 hours.',
      'If you did not create an account at that time, do not open the link: ignore this message.',
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
