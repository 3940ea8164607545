/**
 * Leads nobody answered in time: a lead not marked handled `LEADS_FIRST_RESPONSE_MINUTES` after it
 * arrived mails its assignee and the notify list, once. The same pass gives a lead its assignee
 * and its new-lead mail when the process that stored it stopped before doing so. The claim is recorded in the database
 * before the mail goes (assignment-store.ts `claimOverdue`), so several instances and restarts
 * send it once; a mail that fails after its claim is logged, not sent again.
 */
import type { Answers } from '@/engine';
import { formatUtcMinute } from '@/site/format/format-date';
import type { Mailer, MailMessage } from '@/site/server/mail/mailer';
import type { AssignmentStore, OverdueLead } from './assignment-store';
import { leadContact } from './lead-contact';
import { notifyNewLead, oneLine } from './lead-notification';

/** Whether a lead counts as overdue now: not handled, and waiting longer than allowed. */
export function isOverdue(
  lead: { receivedAt: number; handledAt: number | null },
  firstResponseMs: number,
  now = Date.now(),
): boolean {
  return lead.handledAt === null && now - lead.receivedAt >= firstResponseMs;
}

export interface OverdueCheck {
  assignments: AssignmentStore;
  firstResponseMs: number;
  /** `LEADS_NOTIFY_TO`; unset: only the assignee is told. */
  notifyTo: readonly string[] | undefined;
  siteUrl: string;
  mailer: () => Mailer;
  flowTitle: (flowId: string) => Promise<string>;
  logError?: (message: string, error: unknown) => void;
}

export function overdueMail(
  lead: OverdueLead,
  to: readonly string[],
  title: string,
  firstResponseMs: number,
  siteUrl: string,
): MailMessage {
  const contact = leadContact(lead.answers);
  const minutes = Math.round(firstResponseMs / 60_000);
  return {
    to: to.join(', '),
    subject: `Overdue lead: ${oneLine(title)}`,
    text: [
      `This lead has not been marked handled ${minutes} minutes after it arrived.`,
      '',
      `Form: ${oneLine(title)}`,
      ...(contact.name ? [`Name: ${oneLine(contact.name)}`] : []),
      `Received: ${formatUtcMinute(lead.receivedAt)}`,
      `Assigned to: ${lead.assignee ?? 'nobody'}`,
      '',
      'Open it in the back office:',
      `${siteUrl}/admin/leads/${encodeURIComponent(lead.leadId)}`,
    ].join('\n'),
  };
}

/**
 * How long after a lead arrived its own instance has to assign it before another pass treats
 * it as stranded (assignment follows the visitor's 202 within milliseconds).
 */
export const STRANDED_AFTER_MS = 60_000;

/**
 * One pass: first the leads whose process stopped before assigning them are assigned and
 * announced as new (once: assignStranded), then the overdue leads are claimed and each is
 * mailed; resolves with how many were claimed overdue.
 */
export async function checkOverdueLeads(check: OverdueCheck, now = Date.now()): Promise<number> {
  const logError =
    check.logError ?? ((message: string, error: unknown) => console.error(message, error));
  for (const lead of await check.assignments.assignStranded(now, STRANDED_AFTER_MS)) {
    const title = await check.flowTitle(lead.flowId).catch(() => lead.flowId);
    await notifyNewLead(
      {
        id: lead.leadId,
        flow: { id: lead.flowId, version: lead.flowVersion ?? 0, title },
        answers: lead.answers as Answers,
        receivedAt: lead.receivedAt,
        assignee: lead.assignee,
      },
      { to: check.notifyTo, siteUrl: check.siteUrl, mailer: check.mailer, logError },
    );
  }
  const claimed = await check.assignments.claimOverdue(now, check.firstResponseMs);
  for (const lead of claimed) {
    const to = [...new Set([...(lead.assignee ? [lead.assignee] : []), ...(check.notifyTo ?? [])])];
    if (to.length === 0) continue;
    try {
      const title = await check.flowTitle(lead.flowId);
      await check.mailer().send(overdueMail(lead, to, title, check.firstResponseMs, check.siteUrl));
    } catch (error) {
      logError(`[leads] the overdue mail of ${lead.leadId} could not be sent:`, error);
    }
  }
  return claimed.length;
}

/** Checks every `intervalMs` until stopped; a pass that fails is logged and the next one runs. */
export function startOverdueChecks(check: OverdueCheck, intervalMs: number): { stop(): void } {
  const timer = setInterval(() => {
    checkOverdueLeads(check).catch((error: unknown) =>
      (check.logError ?? console.error)('[leads] the overdue check failed:', error),
    );
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
