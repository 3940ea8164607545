// @vitest-environment jsdom
/**
 * The assignment as staff see it: the inbox's "Assigned" filter (Mine, Unassigned) as it travels
 * in the address, each lead's assignee, wait for a first action and overdue badge, and the lead
 * page's control that gives a lead to someone else — in markup axe finds nothing wrong with.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AssignedFilterField,
  AssigneeControl,
  AssignmentCells,
  formatWait,
} from '@/site/admin/leads/lead-assignment-view';
import { filterQuery, parseLeadFilter } from '@/site/admin/leads/lead-filter';
import { newLeadMail } from '@/site/server/leads/lead-notification';
import { axeViolations } from '../studio/axe-violations';

afterEach(cleanup);

const HOUR = 3_600_000;
const now = Date.UTC(2026, 10, 26, 12);

function row(cells: React.ReactNode) {
  return render(
    <table>
      <tbody>
        <tr>{cells}</tr>
      </tbody>
    </table>,
  );
}

describe('the inbox’s assignee filter', () => {
  it('offers Mine and Unassigned, shows the one chosen, and keeps it in the links', async () => {
    const parsed = parseLeadFilter({ assigned: 'mine', page: '2' }, []);
    expect(parsed.problems).toEqual([]);
    expect(parsed.assigned).toBe('mine');
    expect(filterQuery(parsed.values, 3)).toBe('?assigned=mine&page=3');

    const { container } = render(
      <form aria-label="Filter leads">
        <AssignedFilterField value={parsed.values.assigned} />
      </form>,
    );
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Assigned' });
    expect(select.name).toBe('assigned');
    expect([...select.options].map((o) => o.textContent)).toEqual(['Anyone', 'Mine', 'Unassigned']);
    expect(select.value).toBe('mine');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('reads Unassigned, and names a value it cannot read', () => {
    expect(parseLeadFilter({ assigned: 'unassigned' }, []).assigned).toBe('unassigned');
    expect(parseLeadFilter({ assigned: 'theirs' }, []).problems).toEqual([
      'Assigned "theirs" is not one of mine, unassigned',
    ]);
  });
});

describe('a lead’s assignment in the inbox', () => {
  it('shows the assignee and marks a lead left unhandled too long as overdue', () => {
    row(
      <AssignmentCells
        lead={{ receivedAt: now - 2 * HOUR, handledAt: null }}
        assignment={{ assignee: 'ana@firm.example', firstActionAt: null }}
        firstResponseMs={HOUR}
        now={now}
      />,
    );
    const cells = screen.getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells).toEqual(['ana@firm.example', '— overdue']);
  });

  it('shows how long the first action took, and no badge once handled', () => {
    row(
      <AssignmentCells
        lead={{ receivedAt: now - 3 * HOUR, handledAt: now - HOUR }}
        assignment={{ assignee: null, firstActionAt: now - 3 * HOUR + 12 * 60_000 }}
        firstResponseMs={HOUR}
        now={now}
      />,
    );
    expect(screen.getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'nobody',
      '12 min',
    ]);
  });

  it('writes waits as people say them', () => {
    expect([45_000, 12 * 60_000, 185 * 60_000, 52 * HOUR].map(formatWait)).toEqual([
      '45 s',
      '12 min',
      '3 h 5 min',
      '2 d 4 h',
    ]);
  });
});

describe('the lead page’s assignee control', () => {
  it('posts the chosen staff member to the lead’s assign action, the current one chosen', async () => {
    const { container } = render(
      <AssigneeControl
        leadId="lead/1"
        csrf="token"
        assignee="bo@firm.example"
        takers={['ana@firm.example', 'bo@firm.example']}
      />,
    );
    const form = screen.getByRole<HTMLFormElement>('form', { name: 'Assign this lead' });
    expect(form.method).toBe('post');
    expect(form.getAttribute('action')).toBe('/admin/leads/lead%2F1/assign');
    const select = within(form).getByRole<HTMLSelectElement>('combobox', { name: 'Assigned to' });
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
      ['', 'Nobody'],
      ['ana@firm.example', 'ana@firm.example'],
      ['bo@firm.example', 'bo@firm.example'],
    ]);
    expect(select.value).toBe('bo@firm.example');
    expect(new FormData(form).get('csrf')).toBe('token');
    expect(within(form).getByRole('button', { name: 'Reassign' })).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('keeps an assignee who no longer takes leads, and says so', () => {
    render(
      <AssigneeControl
        leadId="l2"
        csrf="t"
        assignee="gone@firm.example"
        takers={['ana@firm.example']}
      />,
    );
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Assigned to' });
    expect(select.value).toBe('gone@firm.example');
    expect(select.selectedOptions[0]?.textContent).toBe('gone@firm.example (takes no leads now)');
  });
});

describe('the new-lead notification', () => {
  const lead = {
    id: 'l1',
    flow: { id: 'client', version: 1, title: 'Client' },
    answers: { email: 'ada@x.co' },
    receivedAt: now,
  };

  it('names the person the lead was given to, or that nobody takes leads', () => {
    const to = ['leads@firm.example'];
    const site = 'https://firm.example';
    expect(newLeadMail({ ...lead, assignee: 'ana@firm.example' }, to, site).text).toContain(
      'Assigned to: ana@firm.example',
    );
    expect(newLeadMail({ ...lead, assignee: null }, to, site).text).toContain(
      'Assigned to: nobody (no staff member takes leads)',
    );
  });
});
