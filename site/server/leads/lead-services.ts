/**
 * The lead pipeline's parts as the environment configures them: the CRM sink, the services the
 * endpoint checks and stores a lead with, and the delivery worker. The runtime
 * (site/server/runtime/site-runtime.ts) builds them once per process, over its database and
 * flows; nothing here keeps one of its own.
 */
import { env, hubspotForms, hubspotSubscriptionTypes, webhooks } from '@/site/env';
import type { ResolvedFlow } from '@/engine';
import type { SiteDatabase } from '@/site/server/db/database';
import { createRateLimit, type RateDecision } from '@/site/server/http/rate-limit';
import type { Mailer } from '@/site/server/mail/mailer';
import { createCaptchaVerifier, type CaptchaVerifier } from './captcha-verifier';
import { noneSink, type CrmSink } from './crm-sink';
import { DeliveryWorker, type WorkerOptions } from './delivery-worker';
import { DeliveryWorkers } from './delivery-workers';
import { createFileResolver } from './file-resolver';
import { fileLink, type FileStorage } from './file-storage';
import { createHubSpotSink } from './hubspot-sink';
import { notifyNewLead, type StoredLeadNotice } from './lead-notification';
import type { AssignmentStore } from './assignment-store';
import type { DeliveryQueue, LeadStore } from './lead-store';
import type { PartialDeliveries } from './partial-deliveries';
import type { PartialLeadStore } from './partial-lead-store';
import type { WebhookConfig } from './webhook-config';
import { createWebhookSink } from './webhook-sink';

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
  /** The firm's webhooks (`WEBHOOK_<NAME>_*`): each lead of their flows is also sent to them. */
  webhooks?: readonly WebhookConfig[];
  /** Saved progress (partial leads): a lead that names one finishes it, once. */
  partials?: PartialLeadStore;
  /** Partial leads sent to HubSpot, for flows with `saveProgress.formKey`. */
  partialDeliveries?: PartialDeliveries;
}

/** How long a webhook may take to answer one delivery. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

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
  /** Who answers each lead: a new lead is assigned before its notification is sent. */
  assignments?: AssignmentStore;
  partials?: PartialLeadStore;
  partialDeliveries?: PartialDeliveries;
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
    webhooks,
    ...(deps.partials ? { partials: deps.partials } : {}),
    ...(deps.partialDeliveries ? { partialDeliveries: deps.partialDeliveries } : {}),
    onNewLead: (lead) => void assignThenNotify(lead, deps),
  };
}

/**
 * Gives a new lead its assignee, then mails the notify list naming them. Runs after the 202 and
 * never rejects: a lead that could not be assigned is logged, stays "Unassigned" in the inbox,
 * and its notification still goes out.
 */
async function assignThenNotify(lead: StoredLeadNotice, deps: LeadDependencies): Promise<void> {
  // The visitor's answer goes first: assigning starts in a later turn of the event loop.
  await new Promise<void>((resolve) => setImmediate(resolve));
  let assignee: string | null | undefined;
  if (deps.assignments) {
    try {
      assignee = await deps.assignments.assignNew({
        id: lead.id,
        flowId: lead.flow.id,
        answers: lead.answers,
      });
    } catch (error) {
      console.error(`[leads] lead ${lead.id} could not be assigned:`, error);
    }
  }
  await notifyNewLead(
    { ...lead, assignee },
    { to: env.LEADS_NOTIFY_TO, siteUrl: env.SITE_URL, mailer: () => deps.mailer },
  );
}

/**
 * The delivery workers over `store`: HubSpot's, sending to the sink the environment names, and
 * one per configured webhook, each over its own deliveries with the same retries; with `partials`,
 * one more to HubSpot for partial leads' deliveries (same sink, send window and pause).
 */
export function createDeliveryWorker(
  store: LeadStore,
  files: FileStorage,
  soleWorker: boolean,
  log: (message: string) => void = (message) => console.log(`[leads] ${message}`),
  partials?: { queue: DeliveryQueue; idle: () => boolean },
): DeliveryWorkers {
  const common: Omit<WorkerOptions, 'leaseMs' | 'log'> = {
    retryBaseMs: env.LEADS_RETRY_BASE_MS,
    retryMaxMs: env.LEADS_RETRY_MAX_MS,
    pollMs: env.LEADS_WORKER_POLL_MS,
    concurrency: 8,
    sendLimit: { count: env.LEADS_SEND_PER_10S, windowMs: 10_000 },
    // One SQLite file has one server; on PostgreSQL other instances' leases run out instead.
    soleWorker,
  };
  const sink = createSinkFromEnv();
  const hubspot = new DeliveryWorker(store, sink, {
    ...common,
    leaseMs: env.HUBSPOT_TIMEOUT_MS * 3 + 5_000,
    resolveFiles: createFileResolver(store, files, env.SITE_URL),
    log,
  });
  const hooks = webhooks.map(
    (webhook) =>
      new DeliveryWorker(store, createWebhookSink(webhook, WEBHOOK_TIMEOUT_MS), {
        ...common,
        leaseMs: WEBHOOK_TIMEOUT_MS * 3 + 5_000,
        log: (message) => log(`webhook ${webhook.name}: ${message}`),
      }),
  );
  const partialLeads = partials
    ? [
        new DeliveryWorker(partials.queue, sink, {
          ...common,
          idle: partials.idle,
          leaseMs: env.HUBSPOT_TIMEOUT_MS * 3 + 5_000,
          log: (message) => log(`partial leads: ${message}`),
        }),
      ]
    : [];
  return new DeliveryWorkers([hubspot, ...hooks, ...partialLeads]);
}
