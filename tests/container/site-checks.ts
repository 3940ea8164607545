/**
 * What the container test proves through nginx: each check returns the line it prints, or
 * throws with what went wrong.
 */
import type { FakeHubSpot } from '../fakes/fake-hubspot';
import { runOrThrow, sleep, until } from './commands';
import { flowId, leadBody, submittedEmail } from './newsletter-lead';

/** The proxy as the test reaches it, and the site's own address (SITE_URL). */
export interface Target {
  base: string;
  siteUrl: string;
}

const requestTimeout = () => AbortSignal.timeout(20_000);

/** a) A page's Content-Security-Policy names its inline scripts' hashes, never 'unsafe-inline'. */
export async function checkPagePolicy({ base }: Target): Promise<string> {
  const response = await fetch(`${base}/`, {
    headers: { accept: 'text/html' },
    signal: requestTimeout(),
  });
  if (response.status !== 200) throw new Error(`GET / answered ${response.status}`);
  const policy = response.headers.get('content-security-policy');
  if (!policy) throw new Error('GET / has no content-security-policy header');
  const scriptSrc = policy
    .split(';')
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith('script-src'));
  if (!scriptSrc) throw new Error(`no script-src in the policy: ${policy}`);
  if (!scriptSrc.includes("'sha256-")) {
    throw new Error(
      `script-src lists no 'sha256-…' hash (not the page's own policy): ${scriptSrc}`,
    );
  }
  if (scriptSrc.includes("'unsafe-inline'")) {
    throw new Error(`script-src allows 'unsafe-inline': ${scriptSrc}`);
  }
  const hashes = scriptSrc.split(' ').filter((source) => source.startsWith("'sha256-")).length;
  return `GET / through nginx: 200, script-src with ${hashes} sha256 hash(es), no 'unsafe-inline'`;
}

/** b) The health endpoint answers through the proxy. */
export async function checkHealth({ base }: Target): Promise<string> {
  const response = await fetch(`${base}/healthz`, { signal: requestTimeout() });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET /healthz answered ${response.status}: ${text}`);
  const { status } = JSON.parse(text) as { status?: string };
  return `GET /healthz through nginx: 200, status ${status}`;
}

/** One POST of a newsletter lead; resolves with the response or rejects on a network error. */
function postLead(target: Target, email: string, idempotencyKey?: string): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  return fetch(`${target.base}/api/leads/${flowId}`, {
    method: 'POST',
    headers,
    body: leadBody(email, target.siteUrl),
    signal: requestTimeout(),
  });
}

/** When each e-mail address arrived at HubSpot (one time per submission the fake accepted). */
function arrivals(delivery: Delivery): Map<string, number[]> {
  const times = new Map<string, number[]>();
  for (const submission of delivery.fake.acceptedFor(delivery.formGuid)) {
    const email = submittedEmail(submission.body) ?? '(no e-mail)';
    times.set(email, [...(times.get(email) ?? []), submission.receivedAt]);
  }
  return times;
}

export interface Delivery {
  fake: FakeHubSpot;
  formGuid: string;
  /**
   * The leads (ids) with a delivery the outbox counts in doubt: its sender died during the
   * HubSpot call, so the call was made again. HubSpot has no idempotency key: such a lead may
   * arrive twice, and the outbox says so (README, "Leads").
   */
  leadsInDoubt: () => Promise<Set<string>>;
}

interface Expected {
  /** The accepted leads: e-mail address → lead id. */
  leads: Map<string, string>;
  /** Which arrivals belong to this check (other checks' leads are theirs). */
  ours: (email: string) => boolean;
  timeoutMs: number;
  /** When a duplicate would have arrived by: the checks waits until then. */
  settleUntil: number;
  /** A moment arrival times are told from (the kill), for the failure message. */
  since: number;
}

interface Delivered {
  /** How long until the last lead arrived. */
  tookMs: number;
  /** Leads that arrived twice because the outbox had a delivery of theirs in doubt. */
  inDoubtTwice: string[];
}

/**
 * Waits until HubSpot has every expected lead, then until `settleUntil`, and throws unless each
 * arrived exactly once (twice only where the outbox counts the delivery in doubt) and no
 * lead that was never accepted arrived.
 */
async function expectDeliveredOnce(delivery: Delivery, expected: Expected): Promise<Delivered> {
  const started = Date.now();
  const emails = [...expected.leads.keys()];
  const missing = () => {
    const arrived = arrivals(delivery);
    return emails.filter((email) => !arrived.has(email));
  };
  try {
    await until(
      () => Promise.resolve(missing().length === 0 ? true : undefined),
      expected.timeoutMs,
      'every accepted lead at HubSpot',
    );
  } catch {
    throw new Error(
      `${missing().length} of ${emails.length} accepted lead(s) never reached HubSpot in ${expected.timeoutMs / 1000} s: ${missing().slice(0, 5).join(', ')}`,
    );
  }
  const tookMs = Date.now() - started;
  if (Date.now() < expected.settleUntil) await sleep(expected.settleUntil - Date.now());

  const arrived = [...arrivals(delivery)].filter(([email]) => expected.ours(email));
  const strangers = arrived.filter(([email]) => !expected.leads.has(email));
  if (strangers.length > 0) {
    throw new Error(
      `submissions for leads that were never accepted: ${strangers.map(([email]) => email).join(', ')}`,
    );
  }
  const repeated = arrived.filter(([, times]) => times.length > 1);
  if (repeated.length === 0) return { tookMs, inDoubtTwice: [] };
  const inDoubt = await delivery.leadsInDoubt();
  const explained = ([email, times]: [string, number[]]) =>
    times.length === 2 && inDoubt.has(expected.leads.get(email) ?? '');
  const unexplained = repeated.filter((entry) => !explained(entry));
  if (unexplained.length > 0) {
    const at = (time: number) => `${((time - expected.since) / 1000).toFixed(2)} s`;
    throw new Error(
      `duplicate submissions at HubSpot (times from the kill; not counted in doubt by the outbox): ${unexplained
        .map(([email, times]) => `${email} ×${times.length} at ${times.map(at).join(', ')}`)
        .join('; ')}`,
    );
  }
  return { tookMs, inDoubtTwice: repeated.map(([email]) => email) };
}

/** c) One lead posted through nginx reaches HubSpot once. */
export async function checkOneLead(
  target: Target,
  delivery: Delivery,
  email: string,
): Promise<string> {
  const response = await postLead(target, email);
  const text = await response.text();
  if (response.status !== 202)
    throw new Error(`POST /api/leads/${flowId} answered ${response.status}: ${text}`);
  const { id } = JSON.parse(text) as { id: string };
  const posted = Date.now();
  const { tookMs, inDoubtTwice } = await expectDeliveredOnce(delivery, {
    leads: new Map([[email, id]]),
    ours: (address) => address === email,
    timeoutMs: 60_000,
    settleUntil: posted + 3_000,
    since: posted,
  });
  // Nothing died while it was sent: a second arrival would be a fault.
  if (inDoubtTwice.length > 0) throw new Error(`lead ${id} arrived twice at HubSpot`);
  return `lead ${id} posted through nginx: 202, at HubSpot once after ${(tookMs / 1000).toFixed(1)} s`;
}

interface LoadReport {
  pages: number;
  pageFailures: string[];
  /** Accepted leads: e-mail → lead id. */
  accepted: Map<string, string>;
  /** Posts that failed and were repeated with the same Idempotency-Key. */
  retried: string[];
}

/**
 * Posts one lead until the site accepts it (202), repeating a failed post (network error, 5xx,
 * 429) with the same Idempotency-Key, as a visitor's browser would.
 */
async function postUntilAccepted(
  target: Target,
  email: string,
  key: string,
  report: LoadReport,
): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    let problem: string;
    try {
      const response = await postLead(target, email, key);
      const text = await response.text();
      if (response.status === 202) {
        report.accepted.set(email, (JSON.parse(text) as { id: string }).id);
        return;
      }
      if (response.status < 500 && response.status !== 429) {
        throw new Error(`a lead was refused (${response.status}): ${text}`);
      }
      problem = `${response.status}`;
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('a lead was refused')) throw error;
      problem =
        error instanceof Error
          ? ((error.cause as Error | undefined)?.message ?? error.message)
          : String(error);
    }
    report.retried.push(`${email}: ${problem}`);
    if (Date.now() > deadline) throw new Error(`${email} was never accepted (last: ${problem})`);
    await sleep(300);
  }
}

/** GETs pages in a loop; every answer must be a 200. */
async function getPages(target: Target, report: LoadReport, stopped: () => boolean) {
  const paths = ['/', '/en'];
  for (let n = 0; !stopped(); n++) {
    const path = paths[n % paths.length]!;
    try {
      const response = await fetch(`${target.base}${path}`, {
        headers: { accept: 'text/html' },
        signal: requestTimeout(),
      });
      await response.arrayBuffer();
      if (response.status !== 200) report.pageFailures.push(`GET ${path}: ${response.status}`);
    } catch (error) {
      report.pageFailures.push(
        `GET ${path}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    report.pages += 1;
    await sleep(50);
  }
}

export interface KillPlan {
  /** Stops one replica the hard way (docker kill): no drain. */
  kill: () => Promise<void>;
  runId: string;
  /** Load before the kill, and after it. */
  beforeMs: number;
  afterMs: number;
  /** How long a dead replica's claimed deliveries stay leased (HUBSPOT_TIMEOUT_MS × 3 + 5 s). */
  leaseMs: number;
  /** The delivery worker's poll interval (LEADS_WORKER_POLL_MS). */
  pollMs: number;
}

/**
 * d) One replica killed while pages and leads keep coming through nginx: every page answers
 * 200, every lead is accepted (repeated with its Idempotency-Key when a post fails) and reaches
 * HubSpot exactly once, the killed replica's undelivered ones through the survivor.
 */
export async function checkKillUnderLoad(
  target: Target,
  delivery: Delivery,
  plan: KillPlan,
): Promise<string> {
  const report: LoadReport = { pages: 0, pageFailures: [], accepted: new Map(), retried: [] };
  let stop = false;
  let next = 0;
  const postLeads = async () => {
    while (!stop) {
      const n = next++;
      await postUntilAccepted(
        target,
        `kill-${plan.runId}-${n}@example.com`,
        `${plan.runId}-${n}`,
        report,
      );
      await sleep(250);
    }
  };
  // Settled as one from the start: a worker that throws early is held, not unhandled.
  const workers = Promise.allSettled([
    getPages(target, report, () => stop),
    getPages(target, report, () => stop),
    postLeads(),
    postLeads(),
  ]);
  let killedAt: number;
  try {
    await sleep(plan.beforeMs);
    await plan.kill();
    killedAt = Date.now();
    await sleep(plan.afterMs);
  } finally {
    stop = true;
    await workers;
  }
  // A worker that threw (a refused lead, one never accepted) fails the check.
  for (const outcome of await workers) {
    if (outcome.status === 'rejected') throw outcome.reason;
  }
  if (report.pageFailures.length > 0) {
    throw new Error(
      `${report.pageFailures.length} of ${report.pages} page request(s) failed: ${report.pageFailures.slice(0, 5).join('; ')}`,
    );
  }
  // A delivery the dead replica had claimed is taken over once its lease ends, at the
  // survivor's next poll: a duplicate, if any, would arrive by then.
  const { tookMs, inDoubtTwice } = await expectDeliveredOnce(delivery, {
    leads: report.accepted,
    ours: (email) => email.startsWith(`kill-${plan.runId}-`),
    timeoutMs: 120_000,
    settleUntil: killedAt + plan.leaseMs + plan.pollMs + 3_000,
    since: killedAt,
  });
  const retries = report.retried.length;
  const retriedNote = retries > 0 ? ` (e.g. ${report.retried.slice(0, 3).join('; ')})` : '';
  const once = report.accepted.size - inDoubtTwice.length;
  const doubtNote =
    inDoubtTwice.length > 0
      ? `; ${inDoubtTwice.length} twice, each a delivery the outbox counts in doubt (the killed replica died during its HubSpot call): ${inDoubtTwice.join(', ')}`
      : '';
  return (
    `one replica killed under load: ${report.pages} page requests all 200; ` +
    `${report.accepted.size} leads accepted (${retries} post(s) repeated with their ` +
    `Idempotency-Key${retriedNote}), none lost: ${once} at HubSpot exactly once${doubtNote}; ` +
    `the last arrived ${(tookMs / 1000).toFixed(1)} s after the load ended`
  );
}

/** e) The site's process runs as a non-root user: `id -u` and PID 1's uids. */
export async function checkNonRoot(container: string): Promise<string> {
  const uid = (await runOrThrow('docker', ['exec', container, 'id', '-u'])).trim();
  const status = await runOrThrow('docker', ['exec', container, 'cat', '/proc/1/status']);
  const uids = /^Uid:\s+(.*)$/m.exec(status)?.[1]?.trim().split(/\s+/) ?? [];
  const command = (await runOrThrow('docker', ['exec', container, 'cat', '/proc/1/cmdline']))
    .split('\0')
    .join(' ')
    .trim();
  if (uid === '0' || uids.length === 0 || uids.includes('0')) {
    throw new Error(`the container runs as root: id -u = ${uid}, PID 1 uids ${uids.join(' ')}`);
  }
  if (!command.startsWith('node ')) throw new Error(`PID 1 is not the site's server: ${command}`);
  return `PID 1 (${command}) runs as uid ${uids[0]} (real, effective, saved, fs: ${uids.join(' ')}); docker exec id -u = ${uid}`;
}
