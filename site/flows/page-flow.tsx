/**
 * The flow a page slot hosts (content pages list them under `forms`). Every flow goes through
 * the one renderer; /book-consult's bookConsult also brings the scheduler (flows.md §5).
 */
import { env } from '@/site/env';
import { BookingFlow } from './booking/booking-flow';
import { FlowHost, publicCaptcha } from './flow-host';
import { loadSiteFlow } from './load-site-flow';

export function PageFlow({ flow, label }: { flow: string; label?: string }) {
  if (flow === 'bookConsult') {
    return (
      <BookingFlow
        bookConsult={loadSiteFlow('bookConsult')}
        bookingRequest={loadSiteFlow('bookingRequest')}
        schedulerUrl={env.SCHEDULER_URL}
        captcha={publicCaptcha()}
        label={label}
      />
    );
  }
  return <FlowHost flowId={flow} label={label} headingLevel={3} />;
}
