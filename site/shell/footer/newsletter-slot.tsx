import { FlowHost } from '@/site/flows/flow-host';

/**
 * Where the footer's newsletter form goes (placeholder 'Your Email Address', button Submit;
 * site-spec.md §2 and §4). The form is the `newsletter` flow, rendered
 * by the one flow renderer; its success message is cleared on route change.
 */
export function NewsletterSlot() {
  return (
    <div className="footer-newsletter" id="newsletter" data-slot="newsletter">
      <FlowHost flowId="newsletter" label="Join our mailing list" headingLevel={3} />
    </div>
  );
}
