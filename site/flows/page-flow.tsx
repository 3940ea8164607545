/**
 * The flow a page slot hosts (content pages list them under `forms`). Every flow goes through
 * the one renderer; a flow that declares `booking` (flows.md §5) brings the booking island: its
 * contact form, then the scheduler or its fallback flow.
 */
import { env } from '@/site/env';
import type { BookingIslandProps } from './booking/booking-flow';
import { FlowIsland } from './flow-island';
import { StaticStep } from './static-step';
import { FlowHost, publicCaptcha } from './flow-host';
import { flowRevision } from '@/site/server/flows/flow-revision';
import { loadSiteFlow } from './load-site-flow';

export async function PageFlow({ flow: flowId, label }: { flow: string; label?: string }) {
  const flow = await loadSiteFlow(flowId);
  if (flow.booking) {
    const props: BookingIslandProps = {
      // The scheduler is embedded only when the flow asks for it and the site has one.
      schedulerUrl: flow.booking.scheduler ? env.SCHEDULER_URL : undefined,
      captcha: publicCaptcha(),
      label: label ?? 'Book a consultation',
    };
    // The contact form shows first (the island skips it when the session knows the visitor).
    return (
      <FlowIsland
        kind="booking"
        flowId={flow.id}
        version={flow.version}
        fallbackFlow={flow.booking.fallbackFlow}
        props={props}
      >
        <StaticStep
          flow={flow}
          start={null}
          headingLevel={3}
          label={props.label}
          revision={flowRevision(flow)}
        />
      </FlowIsland>
    );
  }
  return <FlowHost flowId={flow.id} label={label} headingLevel={3} countOpening />;
}
