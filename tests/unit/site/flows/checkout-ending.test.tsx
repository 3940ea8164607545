// @vitest-environment jsdom
/**
 * The checkout ending (flows.md §5) for the services the forms offer: each one is named in the
 * content's service list, so a marketer can give it a Payment Link; without one, the visitor is
 * told an advisor will send the link, and no payment button shows.
 */
import { cleanup, render, screen } from '@testing-library/react';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadFlows, type ResolvedCheckoutEnding, type ResolvedFlow } from '@/engine';
import { embeddedPages } from '@/site/content/embedded/embedded-pages';
import { EndingView } from '@/site/flows/ending-view';

const { flows } = loadFlows(path.join(process.cwd(), 'flows'), {
  brandName: 'Sample Firm',
  brandSlug: 'samplefirm',
});
const checkout = flows.client!.endings.find(
  (e): e is ResolvedCheckoutEnding => e.kind === 'checkout',
)!;
const FINANCING_SERVICES = ['Debt Financing', 'Pre IPO', 'Special Purpose Entity', 'Crowd Funding'];

afterEach(cleanup);

/** The options of a flow's service question (a choice step or a select field named "service"). */
function offered(flow: ResolvedFlow): string[] {
  return flow.steps.flatMap((step) => {
    const options =
      step.kind === 'choice'
        ? step.id === 'service'
          ? step.options
          : []
        : (step.fields.find((f) => f.name === 'service')?.options ?? []);
    return options.map((o) => o.value);
  });
}

function renderCheckout(service: string, checkoutLinks: Record<string, string>) {
  render(
    <EndingView
      ending={checkout}
      answers={{ service, email: 'ada@example.com' }}
      leadId="lead-1"
      checkoutLinks={checkoutLinks}
      headingRef={null}
      headingLevel={2}
      onRestart={() => undefined}
    />,
  );
}

describe('checkout for the offered services', () => {
  it('every service a form offers is in the content, where its checkout link is set', () => {
    const named = new Set(embeddedPages.services.map((s) => s.name));
    const services = [...offered(flows.client!), ...offered(flows.readyToTalk!)];
    expect(services).toEqual(expect.arrayContaining(FINANCING_SERVICES));
    expect(services.filter((s) => !named.has(s))).toEqual([]);
  });

  it.each(FINANCING_SERVICES)('%s without a link: an advisor sends it, no payment', (service) => {
    const content = embeddedPages.services.find((s) => s.name === service);
    expect(content?.checkoutUrl).toBeNull();
    renderCheckout(service, { 'Pitch Deck': 'https://buy.stripe.com/test_pitch' });
    expect(screen.getByRole('heading', { name: `Checkout: ${service}` })).toBeTruthy();
    expect(
      screen.getByText(
        `Thank you — your answers are saved. An advisor will e-mail you a secure checkout link for ${service} within one business day.`,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Pay securely' })).toBeNull();
  });

  it('with a link set, the same service opens it with the lead and the e-mail', () => {
    renderCheckout('Debt Financing', { 'Debt Financing': 'https://buy.stripe.com/test_debt' });
    const pay = screen.getByRole('link', { name: 'Pay securely' });
    expect(pay.getAttribute('href')).toBe(
      'https://buy.stripe.com/test_debt?client_reference_id=lead-1&prefilled_email=ada%40example.com',
    );
  });
});
