/**
 * The mail that carries a resume link: asked for by the visitor ("E-mail me a link to finish
 * later") or sent once as the flow's reminder. The link is built from SITE_URL, never from a
 * request's Host header. Plain text, like the site's other mail.
 */
import type { MailMessage } from '@/site/server/mail/mailer';
import type { PartialLead } from './partial-lead-store';

export const RESUME_PATH = '/resume';

export interface ResumeMailContext {
  siteUrl: string;
  brandName: string;
  flowTitle: string;
  retentionDays: number;
}

export const resumeUrl = (siteUrl: string, token: string) =>
  `${siteUrl}${RESUME_PATH}?t=${encodeURIComponent(token)}`;

const day = (at: number) => new Date(at).toISOString().slice(0, 10);

export function resumeMail(
  partial: PartialLead,
  link: { token: string; expiresAt: number },
  context: ResumeMailContext & { reminder: boolean },
): MailMessage {
  const opening = context.reminder
    ? `You started "${context.flowTitle}" on the ${context.brandName} site and kept your answers to finish later.`
    : `Here is the link you asked for, to finish "${context.flowTitle}" on the ${context.brandName} site.`;
  return {
    to: partial.email,
    subject: context.reminder
      ? `Finish "${context.flowTitle}" where you stopped`
      : `Your link to finish "${context.flowTitle}"`,
    text: [
      'Hello,',
      '',
      opening,
      `You stopped at step ${partial.stepNumber} of ${partial.stepTotal}: ${partial.stepQuestion}`,
      '',
      'Open this link on any device to go on from there, with your answers:',
      '',
      resumeUrl(context.siteUrl, link.token),
      '',
      `The link works once and until ${day(link.expiresAt)}. The page it opens also lets you delete your answers.`,
      `Unfinished answers are deleted ${context.retentionDays} days after you last saved them.`,
      'If you did not start this questionnaire, ignore this message.',
    ].join('\n'),
  };
}
