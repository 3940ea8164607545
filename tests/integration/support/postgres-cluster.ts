/**
 * A private PostgreSQL cluster for tests and benchmarks: Debian's server binaries, `initdb` in a
 * temporary folder, `pg_ctl` on a free loopback port, trust authentication, removed on stop. As
 * root (CI) the server runs as the `postgres` user, which PostgreSQL requires. `PG_TEST_URL`
 * names an existing server to use instead. Free of vitest, so tsx scripts use it too.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port';

export interface PostgresCluster {
  /** The URL of the `postgres` database (for CREATE DATABASE). */
  url: string;
  /** A new, empty database; its URL. */
  createDatabase(prefix?: string): Promise<string>;
  /**
   * Stops the server, keeping its data, as an outage would (`fast`: connections are cut); `resume`
   * starts it again on the same port. A cluster named by `PG_TEST_URL` cannot do either.
   */
  pause(): void;
  resume(): void;
  stop(): void;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root).filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) {
    throw new Error('PostgreSQL is not installed: run node scripts/ensure-postgres.mjs');
  }
  return path.join(root, newest, 'bin');
}

/** Runs a server binary, as `postgres` when this process is root. */
function run(bin: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const [command, all] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  execFileSync(command, all, { stdio: ['ignore', 'pipe', 'pipe'] });
}

let counter = 0;

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A new, empty database on the server at `url` (its `postgres` database); its URL. */
export async function createDatabase(url: string, prefix = 'test'): Promise<string> {
  const name = `${prefix}_${process.pid}_${Date.now()}_${counter++}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return withDatabase(url, name);
}

function cluster(
  url: string,
  control: Pick<PostgresCluster, 'pause' | 'resume' | 'stop'>,
): PostgresCluster {
  return { url, createDatabase: (prefix) => createDatabase(url, prefix), ...control };
}

const notOurs = () => {
  throw new Error('PG_TEST_URL names a server this process cannot stop and start');
};

export async function startPostgres(): Promise<PostgresCluster> {
  if (process.env.PG_TEST_URL) {
    return cluster(process.env.PG_TEST_URL, {
      pause: notOurs,
      resume: notOurs,
      stop: () => undefined,
    });
  }
  const bin = binDir();
  const dir = mkdtempSync(path.join(tmpdir(), 'pg-cluster-'));
  chmodSync(dir, 0o700);
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  const port = await freePort();
  run(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  // Durability is the tests' subject only through what PostgreSQL promises; fsync off keeps the
  // private cluster fast on a shared disk.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = () =>
    run(path.join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-o',
      options,
      '-l',
      path.join(dir, 'log'),
      '-w',
      'start',
    ]);
  start();
  let running = true;
  const stop = () => {
    try {
      if (running) run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
    } finally {
      running = false;
      rmSync(dir, { recursive: true, force: true });
    }
  };
  return cluster(`postgres://postgres@127.0.0.1:${port}/postgres`, {
    pause: () => {
      run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      running = false;
    },
    resume: () => {
      start();
      running = true;
    },
    stop,
  });
}
