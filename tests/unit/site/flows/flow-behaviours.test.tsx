// @vitest-environment jsdom
/**
 * A flow made in the studio gets every behaviour the site's own flows have, from its JSON alone:
 * each property of schemas/flow.schema.json that says how the site treats a flow, on a new flow
 * started from the studio's template (new-flow-template.ts) and checked as the studio checks it,
 * in the visitors' real components. The fake network answers `GET /api/flows/{id}` and the lead
 * endpoint; next/navigation is replaced because no Next app router runs here.
 * (tests/e2e/flow-behaviours.spec.ts shows the same on pages of the built site.)
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFlowFromText, type ResolvedFlow } from '@/engine';
import { newFlowTemplate } from '@/site/admin/studio/new-flow-template';
import { BookingFlow } from '@/site/flows/booking/booking-flow';
import { READY_TO_TALK_FLAG } from '@/site/flows/contact-session';
import { FlowIsland } from '@/site/flows/flow-island';
import { FlowRenderer } from '@/site/flows/flow-renderer';
import { StaticStep } from '@/site/flows/static-step';
import { pageForms } from '@/site/pages/parts/page-forms';
import { flowPlacements } from '@/site/flows/flow-placements';

const route = vi.hoisted(() => ({ pathname: '/consulting' }));
vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: () => undefined }),
  usePathname: () => route.pathname,
}));

const VARS = { brandName: 'Sample Firm', brandSlug: 'samplefirm' };

/**
 * A flow as staff make it: the studio's template, its step turned into the contact block, with
 * `extra` properties set; checked by the studio's own loader.
 */
function studioFlow(id: string, extra: Record<string, unknown> = {}, edit = (_: Raw) => {}) {
  const raw = JSON.parse(newFlowTemplate(id, `New flow ${id}`)) as Raw;
  raw.steps[0] = {
    id: 'contact',
    kind: 'contact',
    question: 'How can we reach you?',
    submitLabel: 'Send',
    next: 'done',
  };
  raw.submissions[0]!.fields = ['full_name', 'phone', 'email'].map((name) => ({
    name,
    objectTypeId: '0-1',
    value: { answer: name },
  }));
  edit(raw);
  const text = JSON.stringify({ ...raw, ...extra }, null, 2);
  const { flow, diagnostics } = loadFlowFromText({ file: `${id}.json`, text, vars: VARS });
  if (!flow) throw new Error(JSON.stringify(diagnostics));
  return flow;
}
type Raw = {
  steps: Record<string, unknown>[];
  endings: Record<string, unknown>[];
  submissions: { fields: unknown[] }[];
};

const served = new Map<string, ResolvedFlow>();
const leads: string[] = [];

beforeEach(() => {
  sessionStorage.clear();
  served.clear();
  leads.length = 0;
  route.pathname = '/consulting';
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const json = (body: unknown, status = 200) =>
        Promise.resolve(
          new Response(JSON.stringify(body), {
            status,
            headers: { 'Content-Type': 'application/json' },
          }),
        );
      const flow = /^\/api\/flows\/(\w+)/.exec(url)?.[1];
      if (flow && served.has(flow)) return json(served.get(flow));
      if (url.startsWith('/api/leads/')) {
        leads.push(url);
        return json({ id: `lead-${leads.length}` }, 202);
      }
      return json({}, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function giveContact(button: string) {
  type('Full name', 'Ada Lovelace');
  type('Email', 'ada@example.com');
  type('Phone', '5551234567');
  fireEvent.click(screen.getByRole('button', { name: button }));
}

describe('a new flow from the studio', () => {
  it('resolves with the defaults of the site’s plain forms when it says nothing', () => {
    const flow = studioFlow('plainForm');
    expect(flow).toMatchObject({
      audience: 'clients',
      pagePosition: 'inline',
      session: { marksContacted: false },
    });
    expect(flow.booking).toBeUndefined();
  });

  it('session.marksContacted: a submission sets the ready-to-talk flag; without it, it does not', async () => {
    const marks = studioFlow('marksForm', { session: { marksContacted: true } });
    render(<FlowRenderer flow={marks} />);
    giveContact('Send');
    await screen.findByRole('heading', { name: /Thank you/ });
    expect(leads).toEqual([`/api/leads/marksForm?version=1`]);
    expect(sessionStorage.getItem(READY_TO_TALK_FLAG)).toBe('true');
    expect(sessionStorage.getItem('email')).toBe('ada@example.com');
    cleanup();

    sessionStorage.clear();
    render(<FlowRenderer flow={studioFlow('plainForm')} />);
    giveContact('Send');
    await screen.findByRole('heading', { name: /Thank you/ });
    expect(sessionStorage.getItem(READY_TO_TALK_FLAG)).toBeNull();
    // The contact details prefill a booking whatever the flow says.
    expect(sessionStorage.getItem('full_name')).toBe('Ada Lovelace');
    cleanup();

    // A slot may still suppress the flag.
    sessionStorage.clear();
    render(<FlowRenderer flow={marks} suppressReadyToTalkFlag />);
    giveContact('Send');
    await screen.findByRole('heading', { name: /Thank you/ });
    expect(sessionStorage.getItem(READY_TO_TALK_FLAG)).toBeNull();
  });

  it('clearOnRouteChange: its message goes with the route, and the form comes back empty', async () => {
    const flow = studioFlow('footerForm', {}, (raw) => {
      raw.endings[0]!.clearOnRouteChange = true;
    });
    const { rerender } = render(<FlowRenderer flow={flow} />);
    giveContact('Send');
    await screen.findByRole('heading', { name: /Thank you/ });
    route.pathname = '/privacy-policy';
    rerender(<FlowRenderer flow={flow} />);
    await waitFor(() => expect(screen.queryByRole('heading', { name: /Thank you/ })).toBeNull());
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('');

    // Without it, the message stays.
    cleanup();
    route.pathname = '/';
    const plain = studioFlow('plainForm');
    const other = render(<FlowRenderer flow={plain} />);
    giveContact('Send');
    await screen.findByRole('heading', { name: /Thank you/ });
    route.pathname = '/privacy-policy';
    other.rerender(<FlowRenderer flow={plain} />);
    expect(screen.getByRole('heading', { name: /Thank you/ })).toBeTruthy();
  });

  it('booking: the page’s island shows the contact form, then the fallback flow, prefilled', async () => {
    const fallback = studioFlow('callBack', {}, (raw) => {
      raw.steps.push({
        id: 'time',
        kind: 'fields',
        question: 'When should we call?',
        fields: [{ name: 'slot', type: 'select', label: 'Slot', options: ['Morning', 'Evening'] }],
        next: 'done',
      });
      raw.steps[0]!.next = 'time';
      raw.submissions[0]!.fields.push({
        name: 'slot',
        objectTypeId: '0-1',
        value: { answer: 'slot' },
      });
    });
    const booking = studioFlow('consultNow', {
      booking: { scheduler: false, fallbackFlow: 'callBack' },
    });
    expect(booking.booking).toEqual({ scheduler: false, fallbackFlow: 'callBack' });
    served.set(booking.id, booking);
    served.set(fallback.id, fallback);
    // As site/flows/page-flow.tsx places a flow with `booking`.
    const html = renderToStaticMarkup(<StaticStep flow={booking} start={null} headingLevel={3} />);
    render(
      <FlowIsland
        kind="booking"
        flowId={booking.id}
        version={booking.version}
        fallbackFlow={booking.booking!.fallbackFlow}
        props={{ label: 'Book now' }}
      >
        <div dangerouslySetInnerHTML={{ __html: html }} />
      </FlowIsland>,
    );
    giveContact('Send');
    const chooser = await screen.findByRole('heading', {
      name: 'Choose a time for your consultation',
    });
    await waitFor(() => expect(document.activeElement).toBe(chooser));
    expect(screen.getByText(/Booking for Ada Lovelace \(ada@example.com\)/)).toBeTruthy();
    // The fallback flow opens past its contact step, which the booking answered.
    expect(await screen.findByRole('heading', { name: 'When should we call?' })).toBeTruthy();
    expect(vi.mocked(fetch).mock.calls.map(([url]) => url)).toEqual(
      expect.arrayContaining([`/api/flows/consultNow?v=1`, `/api/flows/callBack`]),
    );
  });

  it('booking.scheduler: the scheduler is embedded only when the flow asks for it', () => {
    sessionStorage.setItem('full_name', 'Lee Session');
    sessionStorage.setItem('phone', '3105550142');
    sessionStorage.setItem('email', 'lee@example.com');
    const fallback = studioFlow('callBack');
    const url = 'https://scheduler.example.com/firm/consult';
    // PageFlow passes the configured scheduler only to a flow whose booking wants one.
    const withScheduler = studioFlow('consultNow', {
      booking: { fallbackFlow: 'callBack' },
    });
    expect(withScheduler.booking?.scheduler).toBe(true);
    render(<BookingFlow flow={withScheduler} fallback={fallback} schedulerUrl={url} />);
    expect(screen.getByTitle('Choose a time for your consultation').getAttribute('src')).toMatch(
      /^https:\/\/scheduler\.example\.com\/firm\/consult\?name=Lee/,
    );
  });

  it('booking: placements list the flow and its fallback in the booking island', async () => {
    const booking = studioFlow('consultNow', { booking: { fallbackFlow: 'callBack' } });
    const placements = await flowPlacements(
      {
        pages: () => Promise.resolve([{ path: '/consulting', forms: ['consultNow'] }]),
        states: () => Promise.resolve([]),
        cities: () => Promise.resolve([]),
      },
      { consultNow: booking },
    );
    expect(placements.filter((p) => p.path === '/consulting')).toEqual([
      { flowId: 'consultNow', path: '/consulting', selector: '#form-consultNow', host: 'booking' },
      { flowId: 'callBack', path: '/consulting', selector: '#form-consultNow', host: 'booking' },
    ]);
  });

  it('pagePosition and audience: where a content page shows it, whom the aside speaks to', () => {
    const banner = studioFlow('bannerForm', { pagePosition: 'banner', audience: 'candidates' });
    const closing = studioFlow('closingForm', { pagePosition: 'closing' });
    const inline = studioFlow('plainForm');
    const division = { path: '/consulting', template: 'division' as const };
    expect(pageForms(division, [closing, banner, inline])).toEqual({
      banner: ['bannerForm'],
      inline: ['plainForm'],
      closing: ['closingForm'],
      aside: 'clients',
    });
    // A service page has no banner band: a banner flow is a form like the others there.
    expect(
      pageForms({ path: '/consulting/strategy', template: 'service' }, [inline, banner]).inline,
    ).toEqual(['plainForm', 'bannerForm']);
    // Every flow of the page for candidates: the hiring team's card.
    expect(pageForms(division, [banner]).aside).toBe('candidates');
    expect(pageForms({ path: '/careers/meet-us', template: 'division' }, []).aside).toBe(
      'candidates',
    );
    expect(pageForms(division, []).aside).toBe('clients');
  });
});

describe('the site’s own flows keep their behaviour, now as data', () => {
  it('act as before on their content pages', async () => {
    const { loadFlows } = await import('@/engine');
    const path = await import('node:path');
    const { flows } = loadFlows(path.join(process.cwd(), 'flows'), VARS);
    const placed = (...ids: string[]) => ids.map((id) => flows[id]!);
    // /technology (division): the contact banner opens it, ready-to-talk closes it.
    expect(
      pageForms(
        { path: '/technology', template: 'division' },
        placed('tellUsMore', 'readyToTalk', 'contactBanner'),
      ),
    ).toEqual({
      banner: ['contactBanner'],
      inline: ['tellUsMore'],
      closing: ['readyToTalk'],
      aside: 'clients',
    });
    // An SBA service page: the contact banner is one of its forms.
    expect(
      pageForms(
        { path: '/financing/sba-financing/sba-7a-loan', template: 'service' },
        placed('contactBanner', 'tellUsMore', 'readyToTalk'),
      ),
    ).toMatchObject({
      banner: [],
      inline: ['contactBanner', 'tellUsMore'],
      closing: ['readyToTalk'],
    });
    expect(
      pageForms({ path: '/careers', template: 'fixed' }, placed('careers', 'joinEvent')).aside,
    ).toBe('candidates');
    // Who sets the ready-to-talk flag: the questionnaires and the ready-to-talk forms.
    const marking = Object.values(flows)
      .filter((f) => f.session.marksContacted)
      .map((f) => f.id)
      .sort();
    expect(marking).toEqual([
      'bookConsult',
      'careers',
      'client',
      'clientPrequal',
      'grants',
      'readyToTalk',
    ]);
    expect(
      Object.values(flows)
        .filter((f) => f.audience === 'candidates')
        .map((f) => f.id)
        .sort(),
    ).toEqual(['careers', 'careersApplication']);
    expect(flows.bookConsult!.booking).toEqual({ scheduler: true, fallbackFlow: 'bookingRequest' });
    // The act in a renderer: a ready-to-talk submission sets the flag.
    render(<FlowRenderer flow={flows.readyToTalk!} />);
    await act(async () => {
      type('Full name', 'Ada Lovelace');
      type('Service', 'Other');
      type('Phone', '5551234567');
      type('Email', 'ada@example.com');
      fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
      await Promise.resolve();
    });
    await screen.findByRole('heading', { name: /Congratulations/ });
    expect(sessionStorage.getItem(READY_TO_TALK_FLAG)).toBe('true');
  });
});
