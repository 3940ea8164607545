// @vitest-environment jsdom
/**
 * A number field in the visitors' renderer, keyboard only: an amount typed as "12500" reads
 * "$12,500" (the real react-imask mask, loaded as on the site) and the lead carries "12500"; a
 * refused amount shows the engine's words in the error summary and at the field; the server's
 * opening step shows a known amount as the mask will. axe finds nothing wrong with the step.
 * The network is a fake answering the lead endpoint; next/navigation is replaced because no Next
 * app router runs here.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFlowFromText, type ResolvedFlow } from '@/engine';
import { FlowRenderer } from '@/site/flows/flow-renderer';
import { StaticStep } from '@/site/flows/static-step';
import { VARS } from '@/tests/unit/engine/load-repo-flows';
import { numberFlowText } from '@/tests/unit/engine/support/number-flow';
import { axeViolations } from '../admin/studio/axe-violations';

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: () => undefined }),
  usePathname: () => '/',
}));

function loanFlow(): ResolvedFlow {
  const { flow, diagnostics } = loadFlowFromText({
    file: 'loanRequest.json',
    text: numberFlowText(),
    vars: VARS,
  });
  if (!flow) throw new Error(JSON.stringify(diagnostics));
  return flow;
}

const leads: { url: string; body: { answers: Record<string, unknown> } }[] = [];

beforeEach(() => {
  sessionStorage.clear();
  leads.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (url.startsWith('/api/leads/')) {
        leads.push({
          url,
          body: JSON.parse(init?.body as string) as (typeof leads)[number]['body'],
        });
        return Promise.resolve(
          new Response(JSON.stringify({ id: 'lead-1' }), {
            status: 202,
            headers: { 'Content-Type': 'application/json' },
          }),
        );
      }
      return Promise.resolve(new Response('{}', { status: 404 }));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a number field in the renderer', () => {
  it('shows "$12,500" as "12500" is typed and sends "12500", keyboard only, axe clean', async () => {
    const user = userEvent.setup();
    const { container } = render(<FlowRenderer flow={loanFlow()} />);
    const amount = screen.getByLabelText<HTMLInputElement>('Loan amount');
    // A phone shows its digit keyboard, with the point an amount's cents need.
    expect(amount.inputMode).toBe('decimal');
    const years = screen.getByRole<HTMLInputElement>('textbox', { name: /Time in business/ });
    expect(years.inputMode).toBe('numeric');
    expect(years.getAttribute('aria-describedby')).toContain('-unit');
    expect(screen.getByText('years')).toBeTruthy();

    await user.tab();
    expect(document.activeElement).toBe(amount);
    // The mask arrives with react-imask's lazy import: wait until it formats what is typed.
    await user.keyboard('1');
    await waitFor(() => expect(amount.value).toBe('$1'));
    await user.keyboard('2500');
    expect(amount.value).toBe('$12,500');

    await user.tab();
    expect(document.activeElement).toBe(years);
    await user.keyboard('7');
    await user.tab();
    await user.keyboard('lee@example.com{Enter}');

    await screen.findByRole('heading', { name: 'Thank you' });
    expect(leads).toHaveLength(1);
    expect(leads[0]!.url).toBe('/api/leads/loanRequest?version=1');
    expect(leads[0]!.body.answers).toMatchObject({
      loan_amount: '12500',
      years_in_business: '7',
      email: 'lee@example.com',
    });
    expect(await axeViolations(container)).toEqual([]);
  });

  it("refuses an amount under the minimum with the engine's words, at the field and in the summary", async () => {
    const user = userEvent.setup();
    const { container } = render(<FlowRenderer flow={loanFlow()} />);
    const amount = screen.getByLabelText<HTMLInputElement>('Loan amount');
    await user.tab();
    await user.keyboard('9');
    await waitFor(() => expect(amount.value).toBe('$9'));
    await user.keyboard('99');
    await user.tab();
    await user.tab();
    await user.keyboard('lee@example.com{Enter}');

    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('Enter an amount of at least $1,000');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    const described = amount.getAttribute('aria-describedby')!;
    expect(document.getElementById(described)?.textContent).toBe(
      'Enter an amount of at least $1,000',
    );
    expect(leads).toEqual([]);
    expect(await axeViolations(container)).toEqual([]);
  });

  it("the server's opening step shows a known amount as the mask will, with the number keyboard", () => {
    const flow = loanFlow();
    const start = { flowId: flow.id, version: flow.version, step: 'loan', history: [] };
    const html = renderToStaticMarkup(
      <StaticStep flow={flow} start={{ ...start, answers: { loan_amount: '12500' } }} />,
    );
    expect(html).toMatch(
      /inputMode="decimal"[^>]*value="\$12,500"|value="\$12,500"[^>]*inputMode="decimal"/,
    );
  });
});
