import type { Metadata } from 'next';
import styles from '@/site/pages/panel-pages.module.css';
import { ResumeActions, ResumeRefused } from '@/site/flows/resume/resume-actions';
import { linkRefusal } from '@/site/server/leads/resume-service';
import type { LinkState } from '@/site/server/leads/resume-links';
import { siteRuntime } from '@/site/server/runtime/site-runtime';

export const metadata: Metadata = {
  title: 'Finish your questionnaire',
  robots: { index: false, follow: false },
  // The link carries a secret token: never pass this URL on in a Referer.
  referrer: 'no-referrer',
};

interface ResumePageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

const titles: Record<Exclude<LinkState['kind'], 'ready'>, string> = {
  expired: 'This link has expired',
  used: 'This link was already used',
  finished: 'This questionnaire is already finished',
  gone: 'These answers are no longer kept',
  invalid: 'This link does not work',
};

const day = (at: number) =>
  new Date(at).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * /resume?t=…: a resume link from the mail. Looking at the page spends nothing (a mail scanner
 * may fetch it); "Continue where I stopped" opens the answers on this device, once.
 */
export default async function ResumePage({ searchParams }: ResumePageProps) {
  const { t } = await searchParams;
  const token = typeof t === 'string' ? t : '';
  const runtime = siteRuntime();
  let state: LinkState;
  try {
    state = await runtime.resume.look(token);
  } catch (error) {
    console.error('[leads] a resume link could not be read:', error);
    return (
      <main id="main" className={styles.page}>
        <div className={styles.panel}>
          <h1>Your answers cannot be reached just now</h1>
          <p>Please try this link again in a minute: it has not been used.</p>
        </div>
      </main>
    );
  }
  if (state.kind !== 'ready') {
    return (
      <main id="main" className={styles.page}>
        <div className={styles.panel}>
          <h1>{titles[state.kind]}</h1>
          <ResumeRefused
            message={linkRefusal[state.kind]}
            restart={'restart' in state ? state.restart : '/'}
            flowId={'flowId' in state ? state.flowId : undefined}
            state={state.kind}
          />
        </div>
      </main>
    );
  }
  const { partial, expiresAt } = state;
  const flow = await runtime.flows.flow(partial.flowId, partial.flowVersion).catch(() => undefined);
  return (
    <main id="main" className={styles.page}>
      <div className={styles.panel}>
        <h1>Finish your questionnaire</h1>
        <p>
          {flow ? <>&ldquo;{flow.title}&rdquo;: you</> : 'You'} stopped at step {partial.stepNumber}{' '}
          of {partial.stepTotal}, <strong>{partial.stepQuestion}</strong>
        </p>
        <p className={styles.hint}>
          Your answers open on this device, once. This link works until {day(expiresAt)}.
        </p>
        <ResumeActions token={token} />
      </div>
    </main>
  );
}
