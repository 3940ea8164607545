/**
 * The flow a page slot hosts (content pages list them under `forms`). Every flow goes through
 * the one renderer; /book-consult's bookConsult also brings the scheduler (flows.md §5).
 */
import { env } from '@/site/env';
import type { BookingFlowProps } from './booking/booking-flow';
import { FlowIsland } from './flow-island';
import { StaticStep } from './static-step';
import { FlowHost, publicCaptcha } from './flow-host';
import { flowRevision } from '@/site/server/flows/flow-revision';
import { loadSiteFlow } from './load-site-flow';

export async function PageFlow({ flow, label }: { flow: string; label?: string }) {
  if (flow === 'bookConsult') {
    const bookConsult = await loadSiteFlow('bookConsult');
    const props: Omit<BookingFlowProps, 'bookConsult' | 'bookingRequest'> = {
      schedulerUrl: env.SCHEDULER_URL,
      captcha: publicCaptcha(),
      label: label ?? 'Book a consultation',
    };
    // The contact form shows first (the island skips it when the session knows the visitor).
    return (
      <FlowIsland kind="booking" props={props}>
        <StaticStep
          flow={bookConsult}
          start={null}
          headingLevel={3}
          label={props.label}
          revision={flowRevision(bookConsult)}
        />
      </FlowIsland>
    );
  }
  return <FlowHost flowId={flow} label={label} headingLevel={3} countOpening />;
}
