/**
 * What `/healthz` says, over the real parts it checks: an outbox on SQLite with a delivery worker
 * that runs, stops or stalls, a database that cannot be reached, and an uploads folder that cannot
 * take a file. A stopped worker is the fault no other part shows: the site takes leads and stores
 * them, and none leaves.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '@/site/server/db/database';
import { healthReport, type HealthChecks } from '@/site/server/health/health-report';
import { noneSink } from '@/site/server/leads/crm-sink';
import { DeliveryWorker } from '@/site/server/leads/delivery-worker';
import { FileStorage } from '@/site/server/leads/file-storage';
import { OutboxStore } from '@/site/server/leads/outbox-store';
import { until } from '@/tests/integration/support/leads-server';
import { lead, tempOutbox } from '../leads/outbox-fixtures';

const pollMs = 50;
const outboxes: ReturnType<typeof tempOutbox>[] = [];
const workers: DeliveryWorker[] = [];

afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  for (const outbox of outboxes.splice(0)) await outbox.dispose();
});

function parts(store: OutboxStore, uploads = mkdtempSync(path.join(tmpdir(), 'uploads-'))) {
  const worker = new DeliveryWorker(store, noneSink, {
    retryBaseMs: 50,
    retryMaxMs: 400,
    pollMs,
    concurrency: 4,
    leaseMs: 5000,
    sendLimit: { count: 1000, windowMs: 10_000 },
    soleWorker: true,
  });
  workers.push(worker);
  const files = new FileStorage(uploads);
  const checks: HealthChecks = {
    dialect: 'sqlite',
    outbox: (now) => store.pending(now),
    worker: () => worker.health(),
    workerExpected: true,
    pollMs,
    sendTimeoutMs: 100,
    probeUploads: () => files.probeWritable(),
  };
  return { worker, checks };
}

function outbox() {
  const created = tempOutbox('sqlite');
  outboxes.push(created);
  return created.store;
}

describe('the health report', () => {
  it('is ok with the worker passing, and gives the outbox depth and lag', async () => {
    const store = outbox();
    const { worker, checks } = parts(store);
    await store.insertLead(lead('held@example.com'));
    worker.start();
    await until(() => worker.health().lastPassAt !== undefined, 5000, 'a first pass');
    const report = await healthReport(checks);
    expect(report).toMatchObject({
      status: 'ok',
      failing: [],
      worker: { state: 'running', unrecorded: 0 },
      uploads: 'writable',
    });
    expect(report.worker.lastPassAgeSeconds).toBeLessThanOrEqual(1);
    // No HubSpot: the lead is held, not pending.
    expect(report.outbox).toMatchObject({ pending: 0, lagSeconds: null });
  });

  it('fails on a stopped worker, naming it', async () => {
    const store = outbox();
    const { worker, checks } = parts(store);
    worker.start();
    await until(() => worker.health().lastPassAt !== undefined, 5000, 'a first pass');
    await worker.stop();
    const report = await healthReport(checks);
    expect(report.status).toBe('unavailable');
    expect(report.failing).toEqual(['worker']);
    expect(report.worker.state).toBe('stopped');
    expect(report.problems).toEqual(['The delivery worker is not running']);
  });

  it('fails on a worker with no pass for three polls and a send timeout, naming it', async () => {
    const store = outbox();
    const { worker, checks } = parts(store);
    worker.start();
    await until(() => worker.health().lastPassAt !== undefined, 5000, 'a first pass');
    const lastPass = worker.health().lastPassAt!;
    const at = (ms: number) => healthReport({ ...checks, now: () => lastPass + ms });
    expect((await at(3 * pollMs + 100)).failing).toEqual([]);
    const stalled = await at(3 * pollMs + 100 + 2000);
    expect(stalled.failing).toEqual(['worker']);
    expect(stalled.worker.state).toBe('stalled');
  });

  it('fails when the database cannot be reached, naming no address', async () => {
    const gone = openDatabase({ url: 'postgres://site:secret@127.0.0.1:1/site', file: '' });
    try {
      const { checks } = parts(new OutboxStore(() => Promise.resolve(gone)));
      const report = await healthReport({ ...checks, workerExpected: false });
      expect(report.status).toBe('unavailable');
      expect(report.failing).toEqual(['database']);
      expect(report.outbox).toBeNull();
      expect(JSON.stringify(report)).not.toMatch(/127\.0\.0\.1|secret/);
    } finally {
      await gone.close();
    }
  });

  it('fails when no file can be written in the uploads folder, with the reason code', async () => {
    const notAFolder = path.join(mkdtempSync(path.join(tmpdir(), 'uploads-')), 'file');
    writeFileSync(notAFolder, 'a file where the folder should be');
    const { checks } = parts(outbox(), notAFolder);
    const report = await healthReport({ ...checks, workerExpected: false });
    expect(report.failing).toEqual(['uploads']);
    expect(report.uploads).toBe('not writable');
    expect(report.problems).toEqual(['The uploads folder cannot be written (EEXIST)']);
  });
});
