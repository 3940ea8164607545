/**
 * The new-lead notification: when `LEADS_NOTIFY_TO` names staff addresses, each newly stored lead
 * (not an idempotent repeat) sends them a short e-mail through the site's mailer: the form, who
 * it is from (name and e-mail address, when the answers have them), the time and a link to the
 * lead in the back office. Nothing else of the answers, and never a file or its name: the mail
 * leaves the site's keeping (a mailbox, a phone), the lead itself stays behind the staff login.
 *
 * It runs after the visitor's answer and apart from it: the 202 never waits for the mail, and a
 * mail that fails is logged, never a lost, slowed or failed lead.
 */
import type { Answers, FlowHeader } from '@/engine';
import { formatUtcMinute } from '@/site/format/format-date';
import type { Mailer, MailMessage } from '@/site/server/mail/mailer';
import { leadContact } from './lead-contact';

/** A lead just stored for the first time, as the endpoint knows it. */
export interface StoredLeadNotice {
  id: string;
  flow: FlowHeader;
  answers: Answers;
  receivedAt: number;
  /** Who the lead was given to (assignment-store.ts); null: nobody takes leads. */
  assignee?: string | null;
}

export interface LeadNotifier {
  /** The staff addresses; unset or empty: no notification. */
  to: readonly string[] | undefined;
  /** Links are built from SITE_URL, never from a request's Host. */
  siteUrl: string;
  /** Called only when a mail is sent, so an unused mailer is never built. */
  mailer: () => Mailer;
  logError?: (message: string, error: unknown) => void;
}

/** A visitor's text on one short line: no line breaks or control characters to forge lines with. */
export function oneLine(text: string, max = 200): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const line = text.replace(/[\x00-\x1f\x7f\u2028\u2029]+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

export function newLeadMail(
  lead: StoredLeadNotice,
  to: readonly string[],
  siteUrl: string,
): MailMessage {
  const contact = leadContact(lead.answers);
  const title = oneLine(lead.flow.title);
  return {
    to: to.join(', '),
    subject: `New lead: ${title}`,
    text: [
      'A new lead has arrived.',
      '',
      `Form: ${title}`,
      ...(contact.name ? [`Name: ${oneLine(contact.name)}`] : []),
      ...(contact.email ? [`E-mail: ${oneLine(contact.email)}`] : []),
      `Received: ${formatUtcMinute(lead.receivedAt)}`,
      ...(lead.assignee === undefined
        ? []
        : [`Assigned to: ${lead.assignee ?? 'nobody (no staff member takes leads)'}`]),
      '',
      'Open it in the back office:',
      `${siteUrl}/admin/leads/${encodeURIComponent(lead.id)}`,
    ].join('\n'),
  };
}

/**
 * Sends the notification of a newly stored lead, when it is configured. Resolves once it is sent
 * or has failed (logged): it never rejects, so a caller may leave it running unawaited.
 */
export async function notifyNewLead(lead: StoredLeadNotice, notifier: LeadNotifier): Promise<void> {
  const to = notifier.to;
  if (!to || to.length === 0) return;
  const logError =
    notifier.logError ?? ((message: string, error: unknown) => console.error(message, error));
  try {
    // The visitor's answer goes first: the mail starts in a later turn of the event loop.
    await new Promise<void>((resolve) => setImmediate(resolve));
    await notifier.mailer().send(newLeadMail(lead, to, notifier.siteUrl));
  } catch (error) {
    logError(`[leads] the new-lead notification of ${lead.id} could not be sent:`, error);
  }
}
