/**
 * The `LeadStore` contract (site/server/leads/lead-store.ts) as one suite that every store runs
 * against a real database: `describeLeadStoreContract('SQLite', makeStore)`.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { DuplicateLeadError, type LeadStore } from '@/site/server/leads/lead-store';
import type { NewLead, StoredFile } from '@/site/server/leads/lead-types';
import { lead } from './outbox-fixtures';

export interface StoreUnderTest {
  store: LeadStore;
  /** A second store on the same database, as another process would open it. */
  another: () => LeadStore;
  close: () => Promise<void>;
}

const t0 = 1_700_000_000_000;

/** A lead received (and so due) at `receivedAt`. */
function leadAt(receivedAt: number, formKeys = ['subscribe'], extra: Partial<NewLead> = {}) {
  const one = lead(`${randomUUID()}@example.com`, formKeys, extra);
  return { ...one, receivedAt, submittedAt: receivedAt, ...extra };
}

function file(field: string): StoredFile {
  return {
    token: randomUUID(),
    field,
    originalName: `${field}.pdf`,
    storedName: randomUUID(),
    mime: 'application/pdf',
    size: 123,
  };
}

export function describeLeadStoreContract(name: string, makeStore: () => Promise<StoreUnderTest>) {
  describe(`LeadStore contract: ${name}`, () => {
    const opened: StoreUnderTest[] = [];
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((one) => one.close()));
    });
    async function open() {
      const one = await makeStore();
      opened.push(one);
      return one;
    }

    it('stores a lead with its deliveries and files, and reads it back', async () => {
      const { store } = await open();
      const cv = file('cv');
      const one = leadAt(t0, ['careerQuestions', 'careersSubmit'], { files: [cv], hutk: 'h1' });
      expect(await store.insertLead(one)).toBe(one.id);
      const stored = await store.getLead(one.id);
      expect(stored).toMatchObject({
        id: one.id,
        flowId: one.flowId,
        status: 'pending',
        answers: one.answers,
        hutk: 'h1',
        submittedAt: t0,
        receivedAt: t0,
        attempts: 0,
        lastError: null,
      });
      expect(stored?.deliveries.map((d) => [d.formKey, d.status, d.nextAttemptAt])).toEqual([
        ['careerQuestions', 'pending', t0],
        ['careersSubmit', 'pending', t0],
      ]);
      expect(stored?.deliveries[0]?.body).toEqual(one.submissions[0]?.body);
      expect(stored?.files).toEqual([{ ...cv, hubspotUrl: null }]);
      expect(await store.fileByToken(cv.token)).toEqual({ ...cv, hubspotUrl: null });
      expect(await store.fileByToken(randomUUID())).toBeUndefined();
      await store.setFileHubspotUrl(cv.token, 'https://files.example/cv.pdf');
      expect((await store.filesOf(one.id))[0]?.hubspotUrl).toBe('https://files.example/cv.pdf');
      expect(await store.getLead(randomUUID())).toBeUndefined();
    });

    it('stores a lead whole or not at all', async () => {
      const { store } = await open();
      const taken = file('cv');
      await store.insertLead(leadAt(t0, ['subscribe'], { files: [taken] }));
      // Its lead row and deliveries go in before the file whose token is taken fails.
      const broken = leadAt(t0 + 1, ['careerQuestions', 'careersSubmit'], {
        files: [file('letter'), taken],
      });
      await expect(store.insertLead(broken)).rejects.toThrow();
      expect(await store.getLead(broken.id)).toBeUndefined();
      expect(await store.deliveriesOf(broken.id)).toEqual([]);
      expect(await store.filesOf(broken.id)).toEqual([]);
      expect(await store.claimDue(t0 + 10, 10, 1000)).toHaveLength(1);
    });

    it('answers a repeated idempotency key with the first lead id, even when both arrive at once', async () => {
      const { store } = await open();
      const first = leadAt(t0, ['subscribe'], { idempotencyKey: 'key-1' });
      const again = leadAt(t0 + 1, ['subscribe'], { idempotencyKey: 'key-1' });
      const together = leadAt(t0 + 2, ['subscribe'], { idempotencyKey: 'key-1' });
      const otherFlow = leadAt(t0 + 3, ['subscribe'], { idempotencyKey: 'key-1', flowId: 'ebook' });
      const results = await Promise.allSettled([
        store.insertLead(first),
        store.insertLead(together),
        store.insertLead(otherFlow),
      ]);
      expect(results[0]).toEqual({ status: 'fulfilled', value: first.id });
      expect(results[2]).toEqual({ status: 'fulfilled', value: otherFlow.id });
      const refused = (results[1] as PromiseRejectedResult).reason as DuplicateLeadError;
      expect(refused).toBeInstanceOf(DuplicateLeadError);
      expect(refused.existingId).toBe(first.id);
      await expect(store.insertLead(again)).rejects.toMatchObject({ existingId: first.id });
      expect(await store.findByIdempotencyKey('newsletter', 'key-1')).toBe(first.id);
      expect(await store.findByIdempotencyKey('ebook', 'key-1')).toBe(otherFlow.id);
      expect(await store.findByIdempotencyKey('newsletter', 'key-2')).toBeUndefined();
      expect((await store.listLeads()).map((l) => l.id)).toEqual([first.id, otherFlow.id]);
      expect(await store.deliveriesOf(first.id)).toHaveLength(1);
    });

    it('claims due deliveries oldest first, never those not yet due', async () => {
      const { store } = await open();
      const late = leadAt(t0 + 300);
      const early = leadAt(t0 + 100);
      const middle = leadAt(t0 + 200);
      const future = leadAt(t0 + 10_000);
      for (const one of [late, early, middle, future]) await store.insertLead(one);
      const first = await store.claimDue(t0 + 1000, 2, 60_000);
      expect(first.map((d) => d.leadId)).toEqual([early.id, middle.id]);
      expect(first.map((d) => d.attempts)).toEqual([1, 1]);
      expect((await store.claimDue(t0 + 1000, 10, 60_000)).map((d) => d.leadId)).toEqual([late.id]);
      expect(await store.claimDue(t0 + 1000, 10, 60_000)).toEqual([]);
      expect(await store.nextDueAt()).toBe(t0 + 100);
      const only = await store.claimDue(t0 + 20_000, 10, 60_000, [future.id]);
      expect(only.map((d) => d.leadId)).toEqual([future.id]);
    });

    it('does not claim a claimed delivery again, from any store, until its lease expires', async () => {
      const opened = await open();
      const { store } = opened;
      const other = opened.another();
      const one = leadAt(t0);
      await store.insertLead(one);
      const [a, b] = await Promise.all([
        store.claimDue(t0, 10, 1000),
        other.claimDue(t0, 10, 1000),
      ]);
      expect(a.length + b.length).toBe(1);
      expect(await store.claimDue(t0 + 999, 10, 1000)).toEqual([]);
      expect(await other.claimDue(t0 + 999, 10, 1000)).toEqual([]);
      const retaken = await other.claimDue(t0 + 1001, 10, 1000);
      expect(retaken).toHaveLength(1);
      expect(retaken[0]).toMatchObject({ leadId: one.id, attempts: 2 });
      expect((await store.deliveriesOf(one.id))[0]?.inDoubt).toBe(1);
    });

    it('records each attempt: pending again later, then delivered', async () => {
      const { store } = await open();
      const one = leadAt(t0);
      await store.insertLead(one);
      const [delivery] = await store.claimDue(t0, 1, 60_000);
      await store.recordAttempt(
        delivery!.id,
        {
          status: 'pending',
          nextAttemptAt: t0 + 5000,
          httpStatus: 503,
          response: 'busy',
          error: 'HubSpot answered 503',
          dropContext: ['hutk'],
        },
        t0 + 10,
      );
      let row = (await store.deliveriesOf(one.id))[0];
      expect(row).toMatchObject({
        status: 'pending',
        attempts: 1,
        nextAttemptAt: t0 + 5000,
        lastStatus: 503,
        lastResponse: 'busy',
        lastError: 'HubSpot answered 503',
        droppedContext: ['hutk'],
      });
      // The lease is released, and the delivery waits for its next attempt time.
      expect(await store.claimDue(t0 + 4999, 10, 60_000)).toEqual([]);
      const [again] = await store.claimDue(t0 + 5000, 10, 60_000);
      expect(again?.attempts).toBe(2);
      await store.recordAttempt(
        again!.id,
        { status: 'delivered', httpStatus: 200, response: '{"inlineMessage":"Thanks"}' },
        t0 + 5100,
      );
      row = (await store.deliveriesOf(one.id))[0];
      expect(row).toMatchObject({
        status: 'delivered',
        deliveredAt: t0 + 5100,
        nextAttemptAt: null,
        lastStatus: 200,
        lastError: null,
        inDoubt: 0,
      });
      expect(await store.getLead(one.id)).toMatchObject({ status: 'delivered', attempts: 2 });
      expect(await store.claimDue(t0 + 99_999, 10, 60_000)).toEqual([]);
      expect(await store.nextDueAt()).toBeUndefined();
    });

    it("gives a lead its worst delivery's status, and lists and filters by it in received order", async () => {
      const { store } = await open();
      const delivered = leadAt(t0 + 1);
      const held = leadAt(t0 + 2, ['careerQuestions', 'careersSubmit']);
      const failed = leadAt(t0 + 3);
      const pending = leadAt(t0 + 4);
      for (const one of [failed, pending, held, delivered]) await store.insertLead(one);
      const claimed = await store.claimDue(t0 + 10, 10, 60_000, [delivered.id, held.id, failed.id]);
      const of = (id: string) => claimed.filter((d) => d.leadId === id);
      await store.recordAttempt(of(delivered.id)[0]!.id, {
        status: 'delivered',
        httpStatus: 200,
        response: 'ok',
      });
      await store.recordAttempt(of(held.id)[0]!.id, {
        status: 'delivered',
        httpStatus: 200,
        response: 'ok',
      });
      await store.recordAttempt(of(held.id)[1]!.id, {
        status: 'held',
        holdKind: 'provider',
        httpStatus: 404,
        error: 'The HubSpot form does not exist',
      });
      await store.recordAttempt(of(failed.id)[0]!.id, {
        status: 'failed',
        httpStatus: 400,
        error: 'Invalid email address',
      });
      const all = await store.listLeads();
      expect(all.map((l) => [l.id, l.status])).toEqual([
        [delivered.id, 'delivered'],
        [held.id, 'held'],
        [failed.id, 'failed'],
        [pending.id, 'pending'],
      ]);
      expect(all[1]).toMatchObject({ attempts: 2, lastError: 'The HubSpot form does not exist' });
      expect((await store.listLeads({ status: 'held' })).map((l) => l.id)).toEqual([held.id]);
      expect((await store.listLeads({ status: 'failed' })).map((l) => l.id)).toEqual([failed.id]);
      expect((await store.listLeads({ limit: 2 })).map((l) => l.id)).toEqual([
        delivered.id,
        held.id,
      ]);
      expect((await store.deliveriesOf(held.id))[1]).toMatchObject({
        status: 'held',
        holdKind: 'provider',
        nextAttemptAt: null,
      });
      const stats = await store.stats();
      expect(stats.leads).toEqual({ pending: 1, delivered: 1, held: 1, failed: 1 });
      expect(stats.deliveries).toEqual({ pending: 1, delivered: 2, held: 1, failed: 1 });
      expect(stats.byFlow).toEqual({ newsletter: 4 });
      expect(stats.oldestPendingAt).toBe(t0 + 4);
      expect(stats.inDoubt).toBe(0);
      // Held and failed deliveries are never claimed on their own.
      expect((await store.claimDue(t0 + 99_999, 10, 60_000)).map((d) => d.leadId)).toEqual([
        pending.id,
      ]);
    });

    it('re-queues held leads: one lead (held or failed), every held one, or the unconfigured ones', async () => {
      const { store } = await open();
      const unconfigured = leadAt(t0 + 1);
      const provider = leadAt(t0 + 2);
      const failed = leadAt(t0 + 3);
      for (const one of [unconfigured, provider, failed]) await store.insertLead(one);
      const claimed = await store.claimDue(t0 + 10, 10, 60_000);
      const id = (leadId: string) => claimed.find((d) => d.leadId === leadId)!.id;
      await store.recordAttempt(id(unconfigured.id), {
        status: 'held',
        holdKind: 'unconfigured',
        error: 'No HubSpot form',
      });
      await store.recordAttempt(id(provider.id), {
        status: 'held',
        holdKind: 'provider',
        httpStatus: 401,
        error: 'Unauthorized',
      });
      await store.recordAttempt(id(failed.id), {
        status: 'failed',
        httpStatus: 400,
        error: 'Invalid email address',
      });
      expect(await store.requeue({ unconfiguredOnly: true }, t0 + 100)).toBe(1);
      expect((await store.getLead(unconfigured.id))?.status).toBe('pending');
      expect(await store.requeue({ allHeld: true }, t0 + 200)).toBe(1);
      expect((await store.getLead(provider.id))?.deliveries[0]).toMatchObject({
        status: 'pending',
        holdKind: null,
        nextAttemptAt: t0 + 200,
      });
      expect((await store.getLead(failed.id))?.status).toBe('failed');
      expect(await store.requeue({ leadId: failed.id }, t0 + 300)).toBe(1);
      expect((await store.getLead(failed.id))?.status).toBe('pending');
      expect(await store.requeue({ allHeld: true }, t0 + 400)).toBe(0);
      const due = await store.claimDue(t0 + 300, 10, 60_000);
      expect(due.map((d) => d.leadId)).toEqual([unconfigured.id, provider.id, failed.id]);
    });

    it('keeps the fields a delivery is sent without over retries, until a person re-queues it', async () => {
      const { store } = await open();
      const one = leadAt(t0);
      await store.insertLead(one);
      const drop = {
        at: t0 + 10,
        httpStatus: 400,
        response: `{"errors":[{"errorType":"FIELD_NOT_IN_FORM_DEFINITION"}],"pad":"${'x'.repeat(5000)}"}`,
        fields: [
          {
            name: 'utm_source',
            value: 'newsletter',
            errorType: 'FIELD_NOT_IN_FORM_DEFINITION',
            message: "Error in 'fields.utm_source'. This field is not in the form definition",
          },
        ],
      };
      const [first] = await store.claimDue(t0, 1, 60_000);
      await store.recordAttempt(
        first!.id,
        { status: 'pending', nextAttemptAt: t0 + 10, error: 'refused', dropFields: drop },
        t0 + 10,
      );
      const [second] = await store.claimDue(t0 + 10, 1, 60_000);
      expect(second?.droppedFields).toEqual({ ...drop, response: drop.response.slice(0, 4000) });
      await store.recordAttempt(second!.id, {
        status: 'held',
        holdKind: 'unconfigured',
        error: 'No HubSpot form',
      });
      // The worker's own requeue (HubSpot configured since) keeps what HubSpot refused.
      expect(await store.requeue({ unconfiguredOnly: true }, t0 + 20)).toBe(1);
      const [third] = await store.claimDue(t0 + 20, 1, 60_000);
      expect(third?.droppedFields?.fields.map((f) => f.name)).toEqual(['utm_source']);
      await store.recordAttempt(third!.id, { status: 'held', holdKind: 'provider', error: 'x' });
      expect(await store.requeue({ leadId: one.id }, t0 + 30)).toBe(1);
      expect((await store.getLead(one.id))?.deliveries[0]).toMatchObject({
        status: 'pending',
        droppedFields: null,
        body: one.submissions[0]!.body,
      });
    });

    it('releases the leases of a dead process at start and counts them in doubt', async () => {
      const { store } = await open();
      const one = leadAt(t0);
      await store.insertLead(one);
      expect(await store.claimDue(t0, 10, 3_600_000)).toHaveLength(1);
      expect(await store.releaseStaleLeases()).toBe(1);
      expect(await store.releaseStaleLeases()).toBe(0);
      const [again] = await store.claimDue(t0 + 1, 10, 60_000);
      expect(again).toMatchObject({ leadId: one.id, attempts: 2 });
      expect((await store.stats()).inDoubt).toBe(1);
    });
  });
}
