/**
 * The queries behind the staff's inbox, on SQLite and PostgreSQL: filters by status, flow,
 * received time and a name, e-mail or phone; newest first, in pages, with the total; every
 * delivery attempt kept with HubSpot's answer; a lead marked handled by a person.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { dialects } from '@/tests/integration/support/test-databases';
import { lead, tempOutbox } from './outbox-fixtures';

const outboxes: ReturnType<typeof tempOutbox>[] = [];
afterEach(async () => {
  for (const outbox of outboxes.splice(0)) await outbox.dispose();
});

describe.each(dialects)('the inbox on %s', (dialect) => {
  async function seeded() {
    const outbox = tempOutbox(dialect);
    outboxes.push(outbox);
    const base = Date.UTC(2026, 10, 1);
    const people = [
      { email: 'ada@example.com', full_name: 'Ada Lovelace', phone: '2025550143', flow: 'client' },
      { email: 'bob@example.com', full_name: 'Bob Stone', phone: '3125550188', flow: 'grants' },
      { email: 'cleo_x@example.com', full_name: 'Cleo 100%', phone: '4155550100', flow: 'client' },
    ];
    const ids: string[] = [];
    for (const [i, person] of people.entries()) {
      const one = lead(person.email, ['subscribe'], {
        flowId: person.flow,
        flowVersion: 2,
        answers: {
          email: person.email,
          full_name: person.full_name,
          phone: person.phone,
          note: 'zebra',
        },
        receivedAt: base + i * 86_400_000,
        submittedAt: base + i * 86_400_000,
      });
      ids.push(await outbox.store.insertLead(one));
    }
    return { store: outbox.store, ids, base };
  }

  it('filters and pages newest first, with the total of all matches', async () => {
    const { store, ids, base } = await seeded();
    const all = await store.searchLeads({}, { limit: 2, offset: 0 });
    expect(all.total).toBe(3);
    expect(all.leads.map((l) => l.id)).toEqual([ids[2], ids[1]]);
    expect((await store.searchLeads({}, { limit: 2, offset: 2 })).leads.map((l) => l.id)).toEqual([
      ids[0],
    ]);
    expect((await store.searchLeads({ flowId: 'client' }, { limit: 10, offset: 0 })).total).toBe(2);
    // Without a page: every match, newest first (the CSV export).
    expect(await store.searchLeads({ flowId: 'client' })).toMatchObject({
      leads: [{ id: ids[2] }, { id: ids[0] }],
      total: 2,
    });
    const day2 = await store.searchLeads(
      { from: base + 86_400_000, to: base + 2 * 86_400_000 },
      { limit: 10, offset: 0 },
    );
    expect(day2.leads.map((l) => l.id)).toEqual([ids[1]]);
    expect((await store.searchLeads({ status: 'pending' }, { limit: 10, offset: 0 })).total).toBe(
      3,
    );
    expect((await store.searchLeads({ status: 'held' }, { limit: 10, offset: 0 })).total).toBe(0);
    expect(all.leads[0]).toMatchObject({ flowVersion: 2, handledAt: null, handledBy: null });
  });

  it('finds a lead by part of a name, an e-mail or a phone, and never by other answers', async () => {
    const { store, ids } = await seeded();
    const find = async (query: string) =>
      (await store.searchLeads({ query }, { limit: 10, offset: 0 })).leads.map((l) => l.id);
    expect(await find('LOVELACE')).toEqual([ids[0]]);
    expect(await find('bob@')).toEqual([ids[1]]);
    expect(await find('555-0188')).toEqual([]); // the phone is kept as digits
    expect(await find('5550188')).toEqual([ids[1]]);
    expect(await find('ada lovelace')).toEqual([ids[0]]);
    // LIKE's wildcards are searched as themselves.
    expect(await find('100%')).toEqual([ids[2]]);
    expect(await find('o_x')).toEqual([ids[2]]);
    expect(await find('zebra')).toEqual([]);
  });

  it('keeps every attempt with HubSpot’s answer, and who handled the lead', async () => {
    const { store, ids } = await seeded();
    const [claimed] = await store.claimDue(Date.now(), 10, 60_000, [ids[0]!]);
    await store.recordAttempt(
      claimed!.id,
      {
        status: 'pending',
        nextAttemptAt: 0,
        httpStatus: 503,
        response: 'down',
        error: 'HubSpot 503',
      },
      1000,
    );
    const [again] = await store.claimDue(Date.now(), 10, 60_000, [ids[0]!]);
    await store.recordAttempt(
      again!.id,
      { status: 'delivered', httpStatus: 200, response: '{}' },
      2000,
    );
    expect(await store.attemptsOf(ids[0]!)).toEqual([
      {
        deliveryId: claimed!.id,
        formKey: 'subscribe',
        at: 1000,
        outcome: 'pending',
        httpStatus: 503,
        response: 'down',
        error: 'HubSpot 503',
      },
      {
        deliveryId: claimed!.id,
        formKey: 'subscribe',
        at: 2000,
        outcome: 'delivered',
        httpStatus: 200,
        response: '{}',
        error: null,
      },
    ]);
    expect(await store.markHandled(ids[0]!, 'staff@firm.example', 5000)).toBe(true);
    expect(await store.markHandled('no-such-lead', 'staff@firm.example')).toBe(false);
    expect(await store.getLead(ids[0]!)).toMatchObject({
      status: 'delivered',
      handledAt: 5000,
      handledBy: 'staff@firm.example',
    });
  });
});
