/**
 * Finishing a partial lead on any device: mailing a resume link (asked for, or the flow's one
 * reminder), and the `POST /api/resume` endpoint a link's page calls to open or delete the
 * answers. The link itself is resume-links.ts; the mail, resume-mail.ts.
 */
import { z } from 'zod';
import type { ResolvedFlow } from '@/engine';
import type { Mailer } from '@/site/server/mail/mailer';
import { errorResponse, jsonResponse } from '@/site/server/http/api-response';
import { readJsonBody } from '@/site/server/http/json-body';
import { fromAnotherSite, overRateLimit } from '@/site/server/http/post-checks';
import type { RateDecision } from '@/site/server/http/rate-limit';
import type { PartialLead, PartialLeadStore } from './partial-lead-store';
import { resumeMail } from './resume-mail';
import type { LinkState, ResumeLinks } from './resume-links';

export interface ResumeServiceOptions {
  links: ResumeLinks;
  partials: PartialLeadStore;
  mailer: () => Mailer;
  siteUrl: string;
  brandName: string;
  retentionDays: number;
  /** The flows live now: which ones remind, and after how long. */
  liveFlows: () => readonly ResolvedFlow[];
  /** A flow's title at a version, for the mail. */
  flowTitle: (flowId: string, version: number) => Promise<string>;
  rateLimit: (clientKey: string) => Promise<RateDecision>;
  logError?: (message: string, error: unknown) => void;
}

/** What a link that cannot be opened says, in plain words. */
export const linkRefusal: Record<Exclude<LinkState['kind'], 'ready'>, string> = {
  expired: 'This link has expired: for your security, each link works for a few days only.',
  used: 'This link was already used: each link opens your answers once.',
  finished: 'These answers were already sent: the questionnaire is finished.',
  gone: 'These answers are no longer kept: they were deleted.',
  invalid: 'This link is not complete or not valid. Copy the whole link from the e-mail.',
};

const requestShape = z.object({
  token: z.string().min(1).max(200),
  action: z.enum(['open', 'delete']),
});

export class ResumeService {
  constructor(private readonly options: ResumeServiceOptions) {}

  get links(): ResumeLinks {
    return this.options.links;
  }

  /** What a link leads to now (the `/resume` page); looking spends nothing. */
  look(token: string): Promise<LinkState> {
    return this.options.links.inspect(token, Date.now());
  }

  /** Mails a new link for `partial` to its address; rejects when the mail cannot be sent. */
  async mail(partial: PartialLead, now: number, reminder: boolean): Promise<{ expiresAt: number }> {
    const { links, siteUrl, brandName, retentionDays } = this.options;
    const link = await links.issue(partial, now);
    const flowTitle = await this.options.flowTitle(partial.flowId, partial.flowVersion);
    await this.options
      .mailer()
      .send(resumeMail(partial, link, { siteUrl, brandName, retentionDays, flowTitle, reminder }));
    return { expiresAt: link.expiresAt };
  }

  /**
   * Mails each due reminder once: for every live flow that sets `saveProgress.remindAfterHours`,
   * the unfinished partial leads not saved for that long. A mail that fails is tried again at
   * the next check. Returns how many were sent.
   */
  async remind(now: number): Promise<number> {
    let sent = 0;
    for (const flow of this.options.liveFlows()) {
      const hours = flow.saveProgress?.remindAfterHours;
      if (!hours) continue;
      const due = await this.options.partials.claimReminders(flow.id, hours * 3_600_000, now);
      for (const partial of due) {
        try {
          await this.mail(partial, now, true);
          sent += 1;
        } catch (error) {
          await this.options.partials.unremind(partial.id);
          (this.options.logError ?? console.error)('[leads] a reminder could not be sent:', error);
        }
      }
    }
    return sent;
  }

  /**
   * `POST /api/resume` `{token, action}`: "open" spends the link and answers with the answers,
   * their version and a new key for this device; "delete" deletes the answers. A link that
   * cannot do it answers 410 with the reason and where to start again.
   */
  async answer(request: Request): Promise<Response> {
    try {
      return await this.handle(request, Date.now());
    } catch (error) {
      (this.options.logError ?? console.error)('[leads] a resume link failed:', error);
      return errorResponse(
        503,
        [{ field: 'request', message: 'Your answers cannot be reached just now; try again' }],
        {
          'retry-after': '30',
        },
      );
    }
  }

  private async handle(request: Request, now: number): Promise<Response> {
    const early =
      (await overRateLimit(request, this.options.rateLimit, 'requests')) ??
      fromAnotherSite(request, 'Links are opened from this site only');
    if (early) return early;
    const parsed = await readJsonBody(request, requestShape);
    if (!parsed.ok) return parsed.response;
    const { token, action } = parsed.data;
    const links = this.options.links;
    if (action === 'delete') {
      const state = await links.forget(token, now);
      if (state.kind !== 'ready') return refused(state);
      return jsonResponse(200, { deleted: true });
    }
    const opened = await links.claim(token, now);
    if ('kind' in opened) return refused(opened);
    const { partial, handle, path } = opened;
    return jsonResponse(200, {
      flowId: partial.flowId,
      version: partial.flowVersion,
      step: partial.step,
      history: partial.history,
      answers: partial.answers,
      partial: handle,
      path,
    });
  }
}

function refused(state: Exclude<LinkState, { kind: 'ready' }>): Response {
  return jsonResponse(410, {
    errors: [{ field: 'token', message: linkRefusal[state.kind] }],
    state: state.kind,
    restart: 'restart' in state ? state.restart : '/',
    ...('flowId' in state && state.flowId ? { flowId: state.flowId } : {}),
  });
}

/** Checks for due reminders every `intervalMs` (each instance; each reminder is mailed once). */
export function startReminders(service: ResumeService, intervalMs: number): { stop(): void } {
  const timer = setInterval(() => {
    service.remind(Date.now()).catch((error: unknown) => {
      console.error('[leads] the reminder check failed:', error);
    });
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
