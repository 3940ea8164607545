/**
 * The machine side of the container test: Debian's docker.io, docker-compose (v1) and
 * debootstrap, installed with apt-get when missing (a fresh CI machine has none of them), and a
 * Docker daemon, started in the background for the run when none answers and stopped after it.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { installed, run, runOrThrow, sleep } from './commands';

const tools: [command: string, debianPackage: string][] = [
  ['docker', 'docker.io'],
  ['dockerd', 'docker.io'],
  ['docker-compose', 'docker-compose'],
  ['debootstrap', 'debootstrap'],
];

/** Installs the Debian packages of the tools that are missing; returns what it installed. */
export async function ensureTools(): Promise<string[]> {
  const missing = new Set<string>();
  for (const [command, debianPackage] of tools) {
    if (!(await installed(command))) missing.add(debianPackage);
  }
  if (missing.size === 0) return [];
  const packages = [...missing];
  console.log(`[test:container] installing ${packages.join(', ')} with apt-get`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = async (args: string[]) => {
    const [command, ...rest] = [...sudo, 'apt-get', ...args] as [string, ...string[]];
    await runOrThrow(command, rest, { env, show: true });
  };
  await apt(['update']);
  // With their recommends: debootstrap's archive keyring and docker.io's cgroup mounting among them.
  await apt(['install', '-y', ...packages]);
  return packages;
}

const daemonAnswers = async () => (await run('docker', ['info'])).code === 0;

/**
 * A daemon that answers `docker info`: the running one, or one started here, whose log goes to
 * `logDir`. Returns how to stop the daemon it started (a no-op for one that was already running).
 */
export async function ensureDaemon(logDir: string): Promise<() => Promise<void>> {
  if (await daemonAnswers()) return () => Promise.resolve();
  const logFile = path.join(logDir, 'dockerd.log');
  console.log(`[test:container] no Docker daemon answers: starting dockerd (log: ${logFile})`);
  const log = openSync(logFile, 'a');
  const daemon = spawn('dockerd', [], { detached: true, stdio: ['ignore', log, log] });
  closeSync(log);
  const exited = new Promise<void>((resolve) => daemon.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  while (!(await daemonAnswers())) {
    if (daemon.exitCode !== null || Date.now() > deadline) {
      daemon.kill('SIGTERM');
      throw new Error(
        `dockerd did not come up (${daemon.exitCode === null ? 'no answer in 60 s' : `exit ${daemon.exitCode}`}):\n` +
          readFileSync(logFile, 'utf8').slice(-3000),
      );
    }
    await sleep(500);
  }
  return async () => {
    if (daemon.exitCode !== null) return;
    console.log('[test:container] stopping the dockerd this run started');
    daemon.kill('SIGTERM');
    const timer = setTimeout(() => daemon.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  };
}

/**
 * The address the containers reach the host by (`host-gateway`: the default bridge's own
 * address), so a server of the test's own listens there, not on every interface. The bridge
 * network names it as its gateway when one was configured; otherwise it is docker0's address.
 */
export async function hostGatewayAddress(): Promise<string> {
  const configured = (
    await runOrThrow('docker', [
      'network',
      'inspect',
      'bridge',
      '--format',
      '{{range .IPAM.Config}}{{.Gateway}}{{end}}',
    ])
  ).trim();
  if (/^\d+\.\d+\.\d+\.\d+$/.test(configured)) return configured;
  // Node's own interface list leaves out a bridge with no container attached (no carrier).
  const shown = await runOrThrow('ip', ['-4', '-o', 'address', 'show', 'dev', 'docker0']);
  const address = /\binet (\d+\.\d+\.\d+\.\d+)\//.exec(shown)?.[1];
  if (!address) throw new Error(`the default bridge (docker0) has no IPv4 address: ${shown}`);
  return address;
}
