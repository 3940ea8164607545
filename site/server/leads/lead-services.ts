/**
 * Wires the lead pipeline from the environment: outbox, files, sink, captcha, rate limit, flows.
 * Everything here is built lazily, once per process, so importing a route never opens the
 * database during `next build`.
 */
import { env, hubspotForms, hubspotSubscriptionTypes } from '@/site/env';
import { getDatabase, siteDialect } from '@/site/server/db/site-database';
import type { ResolvedFlow } from '@/engine';
import { siteFlows } from '@/site/server/flows/site-flows';
import { createCaptchaVerifier, type CaptchaVerifier } from './captcha-verifier';
import { noneSink, type CrmSink } from './crm-sink';
import { DeliveryWorker } from './delivery-worker';
import { createFileResolver } from './file-resolver';
import { FileStorage, fileLink } from './file-storage';
import { createHubSpotSink } from './hubspot-sink';
import { notifyNewLead, type StoredLeadNotice } from './lead-notification';
import type { LeadStore } from './lead-store';
import { OutboxStore } from './outbox-store';
import { createRateLimit, type RateDecision } from './rate-limit';

/** The flow a lead is checked against: version `version` when given, else the newest. */
export interface LeadFlows {
  flow(flowId: string, version?: number): Promise<ResolvedFlow | undefined>;
}

export interface LeadServices {
  store: LeadStore;
  files: FileStorage;
  flows: LeadFlows;
  captcha: CaptchaVerifier;
  rateLimit: (clientKey: string) => Promise<RateDecision>;
  fileLink: (token: string) => string;
  /**
   * Told of each lead stored for the first time (not an idempotent repeat), right before its 202:
   * it must return at once and never throw (the new-lead notification runs in the background).
   */
  onNewLead?: (lead: StoredLeadNotice) => void;
}

/** HubSpot when a portal id is set, else the embedded `none` sink that holds every lead. */
export function createSinkFromEnv(): CrmSink {
  if (!env.HUBSPOT_PORTAL_ID) return noneSink;
  return createHubSpotSink({
    apiBase: env.HUBSPOT_API_BASE,
    filesApiBase: env.HUBSPOT_FILES_API_BASE,
    portalId: env.HUBSPOT_PORTAL_ID,
    accessToken: env.HUBSPOT_ACCESS_TOKEN,
    forms: hubspotForms,
    subscriptionTypes: hubspotSubscriptionTypes,
    timeoutMs: env.HUBSPOT_TIMEOUT_MS,
  });
}

/** The lead store over the database the environment names (PostgreSQL, else the SQLite file). */
export function createLeadStoreFromEnv(): LeadStore {
  return new OutboxStore();
}

let services: LeadServices | undefined;

export function leadServices(): LeadServices {
  services ??= {
    store: createLeadStoreFromEnv(),
    files: new FileStorage(env.UPLOADS_DIR),
    flows: siteFlows(),
    captcha: createCaptchaVerifier({
      provider: env.CAPTCHA_PROVIDER,
      secret: env.CAPTCHA_SECRET,
      verifyUrl: env.CAPTCHA_VERIFY_URL,
    }),
    rateLimit: createRateLimit(env.LEADS_RATE_LIMIT, getDatabase),
    fileLink: (token) => fileLink(env.SITE_URL, token),
    onNewLead: (lead) => void notifyNewLead(lead),
  };
  return services;
}

export function createWorkerFromEnv(
  store: LeadStore = createLeadStoreFromEnv(),
  log: (message: string) => void = (message) => console.log(`[leads] ${message}`),
): DeliveryWorker {
  return new DeliveryWorker(store, createSinkFromEnv(), {
    retryBaseMs: env.LEADS_RETRY_BASE_MS,
    retryMaxMs: env.LEADS_RETRY_MAX_MS,
    pollMs: env.LEADS_WORKER_POLL_MS,
    concurrency: 8,
    sendLimit: { count: env.LEADS_SEND_PER_10S, windowMs: 10_000 },
    // One SQLite file has one server; on PostgreSQL other instances' leases run out instead.
    soleWorker: siteDialect === 'sqlite',
    leaseMs: env.HUBSPOT_TIMEOUT_MS * 3 + 5_000,
    resolveFiles: createFileResolver(store, new FileStorage(env.UPLOADS_DIR), env.SITE_URL),
    log,
  });
}
