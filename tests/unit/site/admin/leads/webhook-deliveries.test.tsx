// @vitest-environment jsdom
/**
 * A lead's page shows each webhook the lead went to: its status and every attempt with the
 * receiver's answer, apart from HubSpot's.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { WebhookDeliveries } from '@/site/admin/leads/webhook-deliveries';
import type { AttemptLogRow, DeliveryRow } from '@/site/server/leads/lead-types';

afterEach(cleanup);

function delivery(id: number, destination: string, status: DeliveryRow['status']): DeliveryRow {
  return {
    id,
    leadId: 'lead-1',
    destination,
    formKey: destination === 'hubspot' ? 'subscribe' : '',
    body: { submittedAt: 0, fields: [], context: {} },
    status,
    holdKind: null,
    attempts: 2,
    nextAttemptAt: null,
    inDoubt: 0,
    droppedContext: [],
    droppedFields: null,
    lastStatus: 204,
    lastResponse: '',
    lastError: null,
    deliveredAt: 2000,
  };
}

const attempt = (deliveryId: number, outcome: AttemptLogRow['outcome'], httpStatus: number) => ({
  deliveryId,
  formKey: '',
  at: Date.UTC(2026, 2, 3, 9, 30),
  outcome,
  httpStatus,
  response: httpStatus === 503 ? 'down for maintenance' : null,
  error: httpStatus === 503 ? 'the webhook answered 503' : null,
});

it('lists each webhook’s attempts and leaves HubSpot’s to its own section', () => {
  render(
    <WebhookDeliveries
      deliveries={[delivery(1, 'hubspot', 'delivered'), delivery(2, 'crm-mirror', 'delivered')]}
      attempts={[
        attempt(1, 'delivered', 200),
        attempt(2, 'pending', 503),
        attempt(2, 'delivered', 204),
      ]}
    />,
  );
  expect(screen.getByRole('heading', { name: /Webhook “crm-mirror”: delivered/ })).toBeTruthy();
  expect(screen.queryByRole('heading', { name: /hubspot/i })).toBeNull();
  const table = screen.getByRole('table', { name: 'Attempts of webhook “crm-mirror”' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((row) => within(row).getAllByRole('cell')[2]!.textContent)).toEqual([
    '503',
    '204',
  ]);
  expect(within(rows[0]!).getByText('the webhook answered 503')).toBeTruthy();
});
