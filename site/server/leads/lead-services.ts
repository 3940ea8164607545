/**
 * The lead pipeline's parts as the environment configures them: the CRM sink, the services the
 * endpoint checks and stores a lead with, and the delivery worker. The runtime
 * (site/server/runtime/site-runtime.ts) builds them once per process, over its database and
 * flows; nothing here keeps one of its own.
 */
import { env, hubspotForms, hubspotSubscriptionTypes } from '@/site/env';
import type { ResolvedFlow } from '@/engine';
import type { SiteDatabase } from '@/site/server/db/database';
import { createRateLimit, type RateDecision } from '@/site/server/http/rate-limit';
import type { Mailer } from '@/site/server/mail/mailer';
import { createCaptchaVerifier, type CaptchaVerifier } from './captcha-verifier';
import { noneSink, type CrmSink } from './crm-sink';
import { DeliveryWorker } from './delivery-worker';
import { createFileResolver } from './file-resolver';
import { fileLink, type FileStorage } from './file-storage';
import { createHubSpotSink } from './hubspot-sink';
import { notifyNewLead, type StoredLeadNotice } from './lead-notification';
import type { LeadStore } from './lead-store';

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

/** What the lead services are built over. */
export interface LeadDependencies {
  store: LeadStore;
  files: FileStorage;
  flows: LeadFlows;
  database: () => Promise<SiteDatabase>;
  mailer: Mailer;
}

export function createLeadServices(deps: LeadDependencies): LeadServices {
  return {
    store: deps.store,
    files: deps.files,
    flows: deps.flows,
    captcha: createCaptchaVerifier({
      provider: env.CAPTCHA_PROVIDER,
      secret: env.CAPTCHA_SECRET,
      verifyUrl: env.CAPTCHA_VERIFY_URL,
    }),
    rateLimit: createRateLimit(env.LEADS_RATE_LIMIT, deps.database),
    fileLink: (token) => fileLink(env.SITE_URL, token),
    onNewLead: (lead) =>
      void notifyNewLead(lead, {
        to: env.LEADS_NOTIFY_TO,
        siteUrl: env.SITE_URL,
        mailer: () => deps.mailer,
      }),
  };
}

/** The delivery worker over `store`, sending to the sink the environment names. */
export function createDeliveryWorker(
  store: LeadStore,
  files: FileStorage,
  soleWorker: boolean,
  log: (message: string) => void = (message) => console.log(`[leads] ${message}`),
): DeliveryWorker {
  return new DeliveryWorker(store, createSinkFromEnv(), {
    retryBaseMs: env.LEADS_RETRY_BASE_MS,
    retryMaxMs: env.LEADS_RETRY_MAX_MS,
    pollMs: env.LEADS_WORKER_POLL_MS,
    concurrency: 8,
    sendLimit: { count: env.LEADS_SEND_PER_10S, windowMs: 10_000 },
    // One SQLite file has one server; on PostgreSQL other instances' leases run out instead.
    soleWorker,
    leaseMs: env.HUBSPOT_TIMEOUT_MS * 3 + 5_000,
    resolveFiles: createFileResolver(store, files, env.SITE_URL),
    log,
  });
}
