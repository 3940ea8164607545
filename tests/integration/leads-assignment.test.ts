/**
 * A person on every lead, on both databases with the real stores: new leads go round-robin to
 * the staff who take leads (fairly, also when two instances share the database and store leads
 * at once), a rule sends a flow's leads to one person, a lead left unhandled too long mails its
 * assignee and the notify list once (however many checks, from however many instances), and
 * "handled" can be taken back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { SiteDatabase } from '@/site/server/db/database';
import { createRoleStore } from '@/site/server/auth/role-store';
import type { AuthTables } from '@/site/server/auth/user-store';
import { parseAssignmentRules } from '@/site/server/leads/assignment-rules';
import { AssignmentStore } from '@/site/server/leads/assignment-store';
import type { NewLead } from '@/site/server/leads/lead-types';
import { OutboxStore } from '@/site/server/leads/outbox-store';
import {
  checkOverdueLeads,
  STRANDED_AFTER_MS,
  type OverdueCheck,
} from '@/site/server/leads/overdue-leads';
import { createFileMailer } from '@/site/server/mail/file-mailer';
import { lead } from '@/tests/unit/site/server/leads/outbox-fixtures';
import { mailsIn } from './support/mail-files';
import { dialects, testDatabase, type TestDatabase } from './support/test-databases';

const staff = ['ana@firm.example', 'bo@firm.example', 'cy@firm.example'];
const HOUR = 3_600_000;

/** A confirmed account given the staff role the way `npm run users -- grant` gives it. */
async function staffAccount(site: SiteDatabase, email: string): Promise<void> {
  const db = site.db.withTables<AuthTables>() as Kysely<AuthTables>;
  await db
    .insertInto('users')
    .values({ email, password_hash: 'x', email_verified_at: 1, created_at: 1, role: null })
    .execute();
  await createRoleStore(db).grant(email, 'staff');
}

/** Stores a lead and assigns it, as the endpoint does on one instance. */
async function arrive(store: OutboxStore, assignments: AssignmentStore, newLead: NewLead) {
  await store.insertLead(newLead);
  return assignments.assignNew({
    id: newLead.id,
    flowId: newLead.flowId,
    answers: newLead.answers,
  });
}

function count(assignees: (string | null)[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const who of assignees) counts[String(who)] = (counts[String(who)] ?? 0) + 1;
  return counts;
}

describe.each(dialects)('lead assignment on %s', (dialect) => {
  let database: TestDatabase;
  let site: SiteDatabase;
  let store: OutboxStore;
  let assignments: AssignmentStore;
  let mailDir: string;

  beforeEach(async () => {
    database = await testDatabase(dialect);
    site = await database.open();
    store = new OutboxStore(() => Promise.resolve(site));
    assignments = new AssignmentStore(() => Promise.resolve(site));
    for (const email of [...staff, 'dee@firm.example']) await staffAccount(site, email);
    for (const email of staff) await assignments.setTakesLeads(email, true);
    mailDir = mkdtempSync(path.join(tmpdir(), 'assignment-mail-'));
  }, 60_000);

  afterEach(async () => {
    await database.dispose();
    rmSync(mailDir, { recursive: true, force: true });
  });

  it('gives nine leads to the three staff who take leads, three each, in turn', async () => {
    const given: (string | null)[] = [];
    for (let i = 0; i < 9; i++) given.push(await arrive(store, assignments, lead(`v${i}@x.co`)));
    expect(count(given)).toEqual({
      'ana@firm.example': 3,
      'bo@firm.example': 3,
      'cy@firm.example': 3,
    });
    // In turn: nobody gets two in a row.
    expect(given.slice(0, 3).sort()).toEqual(staff);
    const stored = await assignments.assignmentsOf((await store.listLeads()).map((l) => l.id));
    expect(count([...stored.values()].map((a) => a.assignee))).toEqual(count(given));
  });

  it('stays fair when two instances store leads at once on one database', async () => {
    const other = await database.open();
    const stores = [
      { store, assignments },
      {
        store: new OutboxStore(() => Promise.resolve(other)),
        assignments: new AssignmentStore(() => Promise.resolve(other)),
      },
    ];
    const given = await Promise.all(
      Array.from({ length: 9 }, (_, i) => {
        const instance = stores[i % 2]!;
        return arrive(instance.store, instance.assignments, lead(`both${i}@x.co`));
      }),
    );
    expect(count(given)).toEqual({
      'ana@firm.example': 3,
      'bo@firm.example': 3,
      'cy@firm.example': 3,
    });
  });

  it('sends every lead of a flow to the person its rule names; the others take turns', async () => {
    const rules = parseAssignmentRules(
      JSON.stringify([
        { flow: 'careers', assignTo: 'Dee@firm.example' },
        { answer: { key: 'amount', is: 'over-1m' }, assignTo: 'cy@firm.example' },
      ]),
    );
    const ruled = new AssignmentStore(() => Promise.resolve(site), rules);
    const careers = await Promise.all(
      [0, 1, 2].map((i) =>
        arrive(store, ruled, lead(`job${i}@x.co`, ['subscribe'], { flowId: 'careers' })),
      ),
    );
    expect(careers).toEqual(['dee@firm.example', 'dee@firm.example', 'dee@firm.example']);
    const big = lead('big@x.co', ['subscribe'], {
      answers: { email: 'big@x.co', amount: 'over-1m' },
    });
    expect(await arrive(store, ruled, big)).toBe('cy@firm.example');
    // The rules did not use up a turn: the round-robin starts with the first taker.
    expect(await arrive(store, ruled, lead('plain@x.co'))).toBe('ana@firm.example');
  });

  it('mails an overdue lead’s assignee and the notify list once, from any instance', async () => {
    const old = Date.now() - 2 * HOUR;
    const late = lead('late@x.co', ['subscribe'], {
      answers: { email: 'late@x.co', full_name: 'Ada Late' },
      receivedAt: old,
      submittedAt: old,
    });
    const done = lead('done@x.co', ['subscribe'], { receivedAt: old, submittedAt: old });
    const fresh = lead('fresh@x.co');
    const assignee = await arrive(store, assignments, late);
    await arrive(store, assignments, done);
    await arrive(store, assignments, fresh);
    await store.markHandled(done.id, 'bo@firm.example');

    const other = await database.open();
    const check = (over: AssignmentStore): OverdueCheck => ({
      assignments: over,
      firstResponseMs: HOUR,
      notifyTo: ['leads@firm.example'],
      siteUrl: 'https://firm.example',
      mailer: () => createFileMailer({ dir: mailDir, from: 'site@firm.example' }),
      flowTitle: () => Promise.resolve('Newsletter'),
    });
    // Two instances look at once, twice each; then one looks again, as its next minute comes.
    const otherStore = new AssignmentStore(() => Promise.resolve(other));
    await Promise.all([
      checkOverdueLeads(check(assignments)),
      checkOverdueLeads(check(otherStore)),
      checkOverdueLeads(check(assignments)),
      checkOverdueLeads(check(otherStore)),
    ]);
    await checkOverdueLeads(check(assignments));
    // A restart: a new store over a new connection.
    await checkOverdueLeads(check(new AssignmentStore(async () => database.open())));

    const mails = mailsIn(mailDir);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`\r\nTo: ${assignee}, leads@firm.example\r\n`);
    expect(mails[0]).toContain('Subject: Overdue lead: Newsletter');
    expect(mails[0]).toContain('Name: Ada Late');
    expect(mails[0]).toContain(`https://firm.example/admin/leads/${late.id}`);
  });

  it('assigns and announces, once, a lead whose process stopped before assigning it', async () => {
    // Stored, then the process died before the assignment that follows the visitor's 202.
    const now = Date.now();
    const stranded = lead('stranded@x.co', ['subscribe'], {
      answers: { email: 'stranded@x.co', full_name: 'Sam Stranded' },
      receivedAt: now,
      submittedAt: now,
    });
    await store.insertLead(stranded);
    // A lead from before assignment existed stays as it was: nobody is mailed about it.
    const before = Date.now() - 48 * HOUR;
    await store.insertLead(
      lead('before@x.co', ['subscribe'], { receivedAt: before, submittedAt: before }),
    );
    const other = await database.open();
    const check = (over: AssignmentStore, now: number) =>
      checkOverdueLeads(
        {
          assignments: over,
          firstResponseMs: HOUR,
          notifyTo: ['leads@firm.example'],
          siteUrl: 'https://firm.example',
          mailer: () => createFileMailer({ dir: mailDir, from: 'site@firm.example' }),
          flowTitle: () => Promise.resolve('Newsletter'),
        },
        now,
      );
    // Within the minute its own instance has, nobody else takes it.
    await check(assignments, now + STRANDED_AFTER_MS / 2);
    expect(await assignments.assignmentOf(stranded.id)).toBeUndefined();
    // After it, two instances look at once.
    const later = now + 2 * STRANDED_AFTER_MS;
    await Promise.all([
      check(assignments, later),
      check(new AssignmentStore(() => Promise.resolve(other)), later),
    ]);
    const given = await assignments.assignmentOf(stranded.id);
    expect(staff).toContain(given?.assignee);
    const mails = mailsIn(mailDir);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: New lead: Newsletter');
    expect(mails[0]).toContain('Name: Sam Stranded');
    expect(mails[0]).toContain(`Assigned to: ${given!.assignee}`);
    const all = await assignments.assignmentsOf((await store.listLeads()).map((l) => l.id));
    expect([...all.keys()]).toEqual([stranded.id]);
  });

  it('finds "Mine" and "Unassigned" in the database, a page at a time', async () => {
    const given = [];
    for (let i = 0; i < 6; i++) given.push(await arrive(store, assignments, lead(`f${i}@x.co`)));
    const bare = lead('bare@x.co');
    await store.insertLead(bare);
    const dropped = lead('dropped@x.co');
    await arrive(store, assignments, dropped);
    await assignments.reassign(dropped.id, null, 'bo@firm.example');

    const mine = await store.searchLeads(
      { assignedTo: 'Ana@firm.example' },
      { limit: 1, offset: 1 },
    );
    expect(mine.total).toBe(given.filter((who) => who === 'ana@firm.example').length);
    expect(mine.leads).toHaveLength(1);
    const ana = await assignments.assignmentOf(mine.leads[0]!.id);
    expect(ana?.assignee).toBe('ana@firm.example');

    const nobody = await store.searchLeads({ assignedTo: null }, { limit: 10, offset: 0 });
    expect(nobody.leads.map((l) => l.id).sort()).toEqual([bare.id, dropped.id].sort());
    expect(nobody.total).toBe(2);
    expect((await store.searchLeads({}, { limit: 1, offset: 0 })).total).toBe(8);
  });

  it('takes "handled" back, and counts the first action once', async () => {
    const one = lead('undo@x.co');
    await arrive(store, assignments, one);
    expect(await store.markHandled(one.id, 'ana@firm.example')).toBe(true);
    await assignments.noteFirstAction(one.id, one.receivedAt + 90_000);
    expect((await store.getLead(one.id))?.handledBy).toBe('ana@firm.example');

    expect(await assignments.undoHandled(one.id)).toBe(true);
    const reopened = await store.getLead(one.id);
    expect(reopened?.handledAt).toBeNull();
    expect(reopened?.handledBy).toBeNull();
    expect(await assignments.undoHandled(one.id)).toBe(false);

    // A later action leaves the first one's time as it was.
    await assignments.noteFirstAction(one.id, one.receivedAt + 600_000);
    expect(await assignments.medianFirstAction({})).toEqual({ medianMs: 90_000, count: 1 });
  });

  it('reassigns by a person, and keeps who did it', async () => {
    const one = lead('move@x.co');
    const first = await arrive(store, assignments, one);
    expect(await assignments.reassign(one.id, 'cy@firm.example', 'bo@firm.example')).toEqual({
      before: first,
    });
    const moved = await assignments.assignmentOf(one.id);
    expect(moved).toMatchObject({ assignee: 'cy@firm.example', assignedBy: 'bo@firm.example' });
    expect(await assignments.reassign('no-such-lead', null, 'bo@firm.example')).toBeUndefined();
  });

  it('gives no lead to staff who stopped taking leads', async () => {
    await assignments.setTakesLeads('bo@firm.example', false);
    const given = [];
    for (let i = 0; i < 4; i++) given.push(await arrive(store, assignments, lead(`s${i}@x.co`)));
    expect(count(given)).toEqual({ 'ana@firm.example': 2, 'cy@firm.example': 2 });
    expect(await assignments.setTakesLeads('nobody@firm.example', true)).toBeUndefined();
  });
});

describe('assignment rules as data', () => {
  it('says which rule is wrong and why', () => {
    expect(() => parseAssignmentRules('[{"flow":"careers"}]')).toThrow(/at 0\.assignTo/);
    expect(() => parseAssignmentRules('[{"assignTo":"a@b.co"}]')).toThrow(/"flow", "answer"/);
    expect(() => parseAssignmentRules('{nope')).toThrow(/is not JSON/);
    expect(() => parseAssignmentRules('[{"flow":"x","assignTo":"a@b.co","whom":1}]')).toThrow();
  });
});
