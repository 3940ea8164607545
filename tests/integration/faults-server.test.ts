/**
 * Faults of the server's own machine and life: an uploads folder that is full or read-only, a
 * port another process holds, and SIGTERM in the middle of a burst of leads. Each is made for
 * real (a small tmpfs, a read-only mount, a listening socket, a signal), against the built
 * production server.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeHubSpot } from '@/tests/fakes/fake-hubspot';
import { ensureBuild } from './support/leads-build';
import { freePort } from './support/free-port';
import { readOutbox } from './support/outbox-reader';
import {
  postLead,
  startLeadsServer,
  tempDataDir,
  until,
  type LeadsServer,
} from './support/leads-server';
import { careersMultipart, pdfBytes } from './support/sample-leads';

const portalId = '4242';
const page = { uri: 'https://firm.example/careers', name: 'careers' };

interface Health {
  status: string;
  failing: string[];
  uploads: string;
  problems: string[];
}

async function health(server: LeadsServer): Promise<{ code: number; body: Health }> {
  const response = await fetch(`${server.url}/healthz`);
  return { code: response.status, body: (await response.json()) as Health };
}

/** A résumé of `bytes` bytes: a real PDF, padded after its end marker. */
function resume(bytes: number) {
  const pdf = pdfBytes();
  const padded = new Uint8Array(bytes);
  padded.fill(0x20);
  padded.set(pdf);
  return { bytes: padded, name: 'Resume.pdf' };
}

const postApplication = (server: LeadsServer, key: string) =>
  fetch(`${server.url}/api/leads/careers`, {
    method: 'POST',
    headers: { 'idempotency-key': key },
    body: careersMultipart({ resume_document: resume(32 * 1024) }, page),
  });

function mount(args: string[]) {
  execFileSync('mount', args, { stdio: 'pipe' });
}

describe('faults of the machine the server runs on', () => {
  let server: LeadsServer | undefined;
  let fake: FakeHubSpot | undefined;
  const mounts: string[] = [];

  beforeAll(async () => {
    await ensureBuild();
  }, 600_000);

  afterEach(async () => {
    await server?.stop();
    await fake?.close();
    server = undefined;
    fake = undefined;
    for (const dir of mounts.splice(0)) execFileSync('umount', ['-l', dir]);
  });

  /** A tmpfs of `kib` KiB at a new folder (root only: mounting needs it). */
  function smallDisk(kib: number): string {
    if (process.getuid?.() !== 0) {
      throw new Error('These tests mount a small tmpfs and remount it read-only: run them as root');
    }
    const dir = path.join(tempDataDir(), 'uploads');
    mkdirSync(dir);
    mount(['-t', 'tmpfs', '-o', `size=${kib}k,mode=0777`, 'tmpfs', dir]);
    mounts.push(dir);
    return dir;
  }

  /** Fills the folder's file system to the last byte; returns the filler's path. */
  function fill(dir: string): string {
    const filler = path.join(dir, 'filler');
    const chunk = Buffer.alloc(4096, 1);
    let written = Buffer.alloc(0);
    for (;;) {
      try {
        written = Buffer.concat([written, chunk]);
        writeFileSync(filler, written);
      } catch {
        writeFileSync(filler, written.subarray(0, written.length - chunk.length));
        // Whatever blocks are left go to a second file, byte by byte at the end.
        for (let size = 4096; size > 0; size = Math.floor(size / 2)) {
          try {
            writeFileSync(path.join(dir, `rest-${size}`), Buffer.alloc(size, 2));
          } catch {
            // no room for that much; try less
          }
        }
        return filler;
      }
    }
  }

  /** The server with its uploads in `uploads`; no HubSpot: the leads are stored and held. */
  async function start(uploads: string) {
    server = await startLeadsServer({ UPLOADS_DIR: uploads });
    return server;
  }

  async function expectStorageRefusal(response: Response) {
    expect(response.status).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    const { errors } = (await response.json()) as { errors: { field: string; message: string }[] };
    expect(errors[0]?.message).toMatch(/nothing you entered is lost/i);
  }

  it('a full uploads folder: 503 with Retry-After, no partial file, /healthz names it; the same lead is taken once there is room', async () => {
    const uploads = smallDisk(256);
    const server = await start(uploads);
    const filler = fill(uploads);
    const before = readdirSync(uploads).sort();

    await expectStorageRefusal(await postApplication(server, 'full-1'));
    expect(readdirSync(uploads).sort()).toEqual(before);
    const unhealthy = await health(server);
    expect(unhealthy.code).toBe(503);
    expect(unhealthy.body.failing).toEqual(['uploads']);
    expect(unhealthy.body.problems.join()).toMatch(/uploads folder cannot be written \(ENOSPC\)/);
    expect((await readOutbox(server.env)).length).toBe(0);

    rmSync(filler);
    expect((await health(server)).code).toBe(200);
    // The visitor sends the same application again (the same Idempotency-Key): one lead.
    expect((await postApplication(server, 'full-1')).status).toBe(202);
    expect((await postApplication(server, 'full-1')).status).toBe(202);
    const rows = await readOutbox(server.env);
    expect(new Set(rows.map((row) => row.id)).size).toBe(1);
    expect(readdirSync(uploads).filter((name) => name.endsWith('.pdf'))).toHaveLength(1);
  }, 120_000);

  it('a read-only uploads folder: 503 with Retry-After, /healthz names it, and leads are taken again once it is writable', async () => {
    const uploads = smallDisk(1024);
    const server = await start(uploads);
    expect((await postApplication(server, 'ro-0')).status).toBe(202);
    mount(['-o', 'remount,ro', uploads]);

    await expectStorageRefusal(await postApplication(server, 'ro-1'));
    const unhealthy = await health(server);
    expect(unhealthy.code).toBe(503);
    expect(unhealthy.body.failing).toEqual(['uploads']);
    expect(unhealthy.body.problems.join()).toMatch(/\(EROFS\)/);

    mount(['-o', 'remount,rw', uploads]);
    expect((await health(server)).code).toBe(200);
    expect((await postApplication(server, 'ro-1')).status).toBe(202);
    expect(new Set((await readOutbox(server.env)).map((row) => row.id)).size).toBe(2);
  }, 120_000);

  it('a port already taken: the server exits at once with one line saying so, and never starts its worker', async () => {
    const port = await freePort();
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
    try {
      const data = tempDataDir();
      const child = spawn(
        process.execPath,
        ['scripts/serve.mjs', '--port', String(port), '--hostname', '127.0.0.1'],
        {
          env: {
            PATH: process.env.PATH ?? '',
            NEXT_DIST_DIR: await ensureBuild(),
            LEADS_DB: path.join(data, 'leads.sqlite'),
            NEXT_TELEMETRY_DISABLED: '1',
            NODE_ENV: 'production',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const started = Date.now();
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(stderr.trim().split('\n')).toEqual([
        `Cannot listen on 127.0.0.1:${port}: port ${port} is already in use.`,
      ]);
      expect(stdout).not.toMatch(/Ready on|imported as version/);
    } finally {
      holder.close();
    }
  }, 60_000);

  it('SIGTERM mid-burst: no new requests, every acknowledged lead committed, sends under way finished, exit within 10 s; after a restart each lead is delivered once', async () => {
    const uploads = path.join(tempDataDir(), 'uploads');
    fake = new FakeHubSpot({ portalId, forms: { 'guid-sub': { fields: ['email'] } } });
    await fake.up();
    // Deliveries take a while: some are under way when the signal comes.
    fake.setLatency(300);
    server = await startLeadsServer({
      UPLOADS_DIR: uploads,
      HUBSPOT_PORTAL_ID: portalId,
      HUBSPOT_API_BASE: fake.url,
      HUBSPOT_FORM_SUBSCRIBE: 'guid-sub',
    });
    const target = server;
    const acknowledged: string[] = [];
    let next = 0;
    let stopping: ReturnType<LeadsServer['stop']> | undefined;
    const sender = async () => {
      while (next < 400) {
        const email = `term-${next++}@example.com`;
        try {
          const response = await postLead(target, 'newsletter', {
            answers: { email },
            page: { uri: 'https://firm.example/', name: 'home' },
          });
          if (response.status === 202) acknowledged.push(email);
          else expect(response.status).toBe(503);
        } catch {
          // refused: the server no longer takes connections, no promise was made
        }
        if (acknowledged.length >= 60) stopping ??= target.stop();
      }
    };
    await Promise.all(Array.from({ length: 20 }, sender));
    const exit = await stopping!;
    expect(exit.code).toBe(0);
    expect(exit.ms).toBeLessThan(10_000);
    expect(acknowledged.length).toBeLessThan(400); // the signal really came mid-burst
    const stored = await readOutbox(target.env);
    const storedEmails = new Set(
      stored.map((row) => (JSON.parse(row.answers) as { email: string }).email),
    );
    expect(acknowledged.filter((email) => !storedEmails.has(email))).toEqual([]);
    // The sends under way were finished and recorded: nothing was left leased, nothing in doubt.
    const sentBeforeStop = fake.accepted.length;
    expect(stored.filter((row) => row.status === 'delivered')).toHaveLength(sentBeforeStop);

    fake.setLatency(0);
    await target.restart();
    await until(
      async () => (await readOutbox(target.env)).every((row) => row.status === 'delivered'),
      60_000,
      'every delivery',
    );
    const rows = await readOutbox(target.env);
    expect(rows.filter((row) => row.in_doubt > 0)).toEqual([]);
    const counts = new Map<string, number>();
    for (const submission of fake.accepted) {
      const email = submission.body.fields[0]!.value;
      counts.set(email, (counts.get(email) ?? 0) + 1);
    }
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(counts.size).toBe(rows.length);
  }, 120_000);
});
