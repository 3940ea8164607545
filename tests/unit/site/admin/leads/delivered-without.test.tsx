// @vitest-environment jsdom
/**
 * The "Delivered without …" part of a lead's page: each field HubSpot refused, the value the
 * outbox keeps and HubSpot's answer, in markup axe finds nothing wrong with.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DeliveredWithout } from '@/site/admin/leads/delivered-without';
import type { DeliveryRow } from '@/site/server/leads/lead-types';
import { axeViolations } from '../studio/axe-violations';

afterEach(cleanup);

const message = "Error in 'fields.utm_source'. This field is not in the form definition";
const answer = JSON.stringify({
  status: 'error',
  message: 'The request is not valid',
  correlationId: 'c-42',
  errors: [{ message, errorType: 'FIELD_NOT_IN_FORM_DEFINITION' }],
});

/** A delivery as the outbox returns it after HubSpot refused utm_source. */
function delivery(overrides: Partial<DeliveryRow> = {}): DeliveryRow {
  return {
    id: 7,
    leadId: 'lead-1',
    destination: 'hubspot',
    formKey: 'subscribe',
    body: {
      submittedAt: Date.UTC(2026, 2, 3, 9, 30),
      fields: [
        { objectTypeId: '0-1', name: 'email', value: 'ada@example.com' },
        { objectTypeId: '0-1', name: 'utm_source', value: 'spring-campaign' },
      ],
      context: {},
    },
    status: 'delivered',
    holdKind: null,
    attempts: 2,
    nextAttemptAt: null,
    inDoubt: 0,
    droppedContext: [],
    droppedFields: {
      at: Date.UTC(2026, 2, 3, 9, 31),
      httpStatus: 400,
      response: answer,
      fields: [
        {
          name: 'utm_source',
          value: 'spring-campaign',
          errorType: 'FIELD_NOT_IN_FORM_DEFINITION',
          message,
        },
      ],
    },
    lastStatus: 200,
    lastResponse: '{"inlineMessage":"Thanks"}',
    lastError: null,
    deliveredAt: Date.UTC(2026, 2, 3, 9, 31),
    ...overrides,
  };
}

describe('a delivery sent without fields HubSpot refused', () => {
  it("names each field with its value and HubSpot's answer", async () => {
    const { container } = render(<DeliveredWithout delivery={delivery()} />);
    const part = screen.getByRole('region', { name: 'Delivered without utm_source' });
    const table = within(part).getByRole('table', {
      name: 'Fields left out of form “subscribe”',
    });
    const row = within(table).getByRole('row', { name: /utm_source/ });
    expect(within(row).getByRole('rowheader').textContent).toBe('utm_source');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['spring-campaign', `FIELD_NOT_IN_FORM_DEFINITION: ${message}`]);
    expect(within(part).getByText(answer)).toBeTruthy();
    expect(part.textContent).toContain('Add the field, or the value, to the form in HubSpot');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('says a held delivery was sent without them, and that a retry sends every field', () => {
    render(<DeliveredWithout delivery={delivery({ status: 'held', deliveredAt: null })} />);
    const part = screen.getByRole('region', { name: 'Sent without utm_source' });
    expect(part.textContent).toContain('“Retry delivery now” sends every field again');
  });

  it('shows nothing for a delivery sent whole', () => {
    const { container } = render(<DeliveredWithout delivery={delivery({ droppedFields: null })} />);
    expect(container.innerHTML).toBe('');
  });
});
