/**
 * How the site treats a flow is the flow's own data: `audience`, `pagePosition`, `session` and
 * `booking` (schemas/flow.schema.json). The resolved flow carries them with their defaults, and
 * the checks refuse what cannot work, each at its JSON pointer: a value the schema does not
 * allow, a booking whose fallback is itself or that never asks the contact details, and (between
 * the flows of a folder) a fallback flow that does not exist or is a booking itself.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFlowLinks, loadFlowFromData, loadFlows, type Diagnostic } from '@/engine';
import { FLOWS_DIR, VARS } from './load-repo-flows';

/** The repository's bookConsult, with `change` made to its data. */
function bookConsult(change: (data: Record<string, unknown>) => void = () => {}) {
  const data = JSON.parse(readFileSync(join(FLOWS_DIR, 'bookConsult.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  change(data);
  return data;
}

const check = (data: unknown) => loadFlowFromData({ file: 'bookConsult.json', data, vars: VARS });
const at = (diagnostics: Diagnostic[]) => diagnostics.map((d) => [d.pointer, d.message]);

describe('flow behaviours', () => {
  it('resolve with their defaults: clients, inline, no flag, no booking', () => {
    const { flow } = check(
      bookConsult((data) => {
        delete data.session;
        delete data.booking;
      }),
    );
    expect(flow).toMatchObject({
      audience: 'clients',
      pagePosition: 'inline',
      session: { marksContacted: false },
    });
    expect(flow && 'booking' in flow).toBe(false);
    expect(
      check(bookConsult((data) => (data.booking = { fallbackFlow: 'x' }))).flow?.booking,
    ).toEqual({ scheduler: true, fallbackFlow: 'x' });
  });

  it('refuse a value the schema does not allow, at its pointer', () => {
    const { diagnostics } = check(
      bookConsult((data) => {
        data.audience = 'investors';
        data.pagePosition = 'aside';
        data.session = { marksContacted: 'yes' };
        data.booking = { fallbackFlow: 'not a flow!' };
      }),
    );
    expect(diagnostics.map((d) => d.pointer).sort()).toEqual([
      '/audience',
      '/booking/fallbackFlow',
      '/pagePosition',
      '/session/marksContacted',
    ]);
    expect(diagnostics.find((d) => d.pointer === '/audience')?.message).toBe(
      'Must be one of: clients, candidates',
    );
    expect(diagnostics.find((d) => d.pointer === '/pagePosition')?.message).toBe(
      'Must be one of: inline, banner, closing',
    );
  });

  it('refuse a booking without its fallback, or with a misspelt property', () => {
    const missing = check(bookConsult((data) => (data.booking = { scheduler: true })));
    expect(missing.flow).toBeUndefined();
    expect(missing.diagnostics.map((d) => d.pointer)).toEqual(['/booking']);
    expect(missing.diagnostics[0]!.message).toMatch(/fallbackFlow/);
    const misspelt = check(
      bookConsult((data) => (data.booking = { fallbackFlow: 'bookingRequest', sheduler: true })),
    );
    expect(misspelt.diagnostics.map((d) => [d.pointer, d.fix])).toEqual([
      ['/booking/sheduler', { replace: 'sheduler', with: 'scheduler' }],
    ]);
  });

  it('refuse a booking that falls back on itself or never asks the contact details', () => {
    const self = check(bookConsult((data) => (data.booking = { fallbackFlow: 'bookConsult' })));
    expect(at(self.diagnostics)).toEqual([
      ['/booking/fallbackFlow', 'The booking\'s fallback flow is flow "bookConsult" itself'],
    ]);
    const noPhone = check(
      bookConsult((data) => {
        const steps = data.steps as { fields: { name: string }[] }[];
        steps[0]!.fields = steps[0]!.fields.filter((f) => f.name !== 'phone');
        const submissions = data.submissions as { fields: { name: string }[] }[];
        submissions[0]!.fields = submissions[0]!.fields.filter((f) => f.name !== 'phone');
      }),
    );
    expect(at(noPhone.diagnostics)).toEqual([
      [
        '/booking',
        'A booking must ask "phone": the scheduler and the fallback flow are prefilled with the contact details',
      ],
    ]);
  });

  it('between flows: the fallback must be a flow of the folder, and not a booking', () => {
    const dir = mkdtempSync(join(tmpdir(), 'booking-links-'));
    cpSync(FLOWS_DIR, dir, { recursive: true });
    writeFileSync(
      join(dir, 'bookConsult.json'),
      JSON.stringify(
        bookConsult((data) => (data.booking = { fallbackFlow: 'bookingRequst' })),
        null,
        2,
      ),
    );
    const typo = loadFlows(dir, VARS);
    expect(typo.flows.bookConsult).toBeUndefined();
    expect(typo.flows.bookingRequest).toBeDefined();
    expect(typo.diagnostics).toEqual([
      expect.objectContaining({
        file: 'bookConsult.json',
        pointer: '/booking/fallbackFlow',
        message: 'The booking\'s fallback flow "bookingRequst" is not a valid flow of this folder',
        fix: { replace: 'bookingRequst', with: 'bookingRequest' },
        line: expect.any(Number) as number,
      }),
    ]);
    expect(typo.diagnostics[0]!.hint).toMatch(/^Did you mean "bookingRequest"\?/);

    // A booking falling back on another booking would ask the contact details twice.
    const flows = loadFlows(FLOWS_DIR, VARS).flows;
    const chained = checkFlowLinks({
      ...flows,
      otherBooking: { ...flows.bookConsult!, id: 'otherBooking' },
      bookConsult: {
        ...flows.bookConsult!,
        booking: { scheduler: true, fallbackFlow: 'otherBooking' },
      },
    });
    expect(chained.map((d) => [d.file, d.pointer, d.message])).toEqual([
      [
        'bookConsult.json',
        '/booking/fallbackFlow',
        'The booking\'s fallback flow "otherBooking" is a booking itself',
      ],
    ]);
  });

  it('the repository’s flows load with theirs', () => {
    const { flows, diagnostics } = loadFlows(FLOWS_DIR, VARS);
    expect(diagnostics).toEqual([]);
    expect(checkFlowLinks(flows)).toEqual([]);
    expect(flows.bookConsult!.booking).toEqual({ scheduler: true, fallbackFlow: 'bookingRequest' });
    expect(flows.contactBanner!.pagePosition).toBe('banner');
    expect(flows.readyToTalk!.pagePosition).toBe('closing');
  });
});
