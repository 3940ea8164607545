/**
 * The site's runtime: the one object per process that holds what the server keeps between
 * requests — the database, the flow catalogue and its watcher, the lead services with the one
 * delivery worker, the funnel services, the account API, the mailer, the search index — and
 * answers `/healthz` about them.
 *
 * - `instrumentation.ts` starts it (`startSiteRuntime`) when a server process starts, under any
 *   host: `npm start` (scripts/serve.mjs), `next start`, `next dev`, Next's standalone server.js
 *   or the container. Starting begins the background work: the worker's loop and the flow
 *   watcher (which first imports the flows folder into the catalogue).
 * - Pages, route handlers, the CLI scripts and the production server reach it through
 *   `siteRuntime()`, the one accessor. A CLI gets a runtime that is never started (no worker
 *   loop, no watcher) and closes it with `close()` before it exits.
 * - Next loads the app as several module instances per process, so the runtime is kept in the one
 *   process-wide handle (process-handle.mjs) rather than in a module variable: whichever
 *   instance asks first creates it, every other gets the same object.
 * - While Next builds, the runtime has no store: the flows are the folder's files, and nothing
 *   opens the database.
 */
import { env } from '@/site/env';
import { pagePolicy } from '@/site/http/page-policy';
import { strictTransportSecurity } from '@/site/http/transport-security';
import { SiteSearchHolder } from '@/site/search/site-search-holder';
import type { AuthApi } from '@/site/server/auth/auth-api';
import { createSiteAuthApi } from '@/site/server/auth/site-auth-api';
import { CLIENT_ERRORS_PER_MINUTE } from '@/site/server/client-errors/handle-client-error-post';
import { createSecretGuesses, type SecretGuesses } from '@/site/server/cms-webhook/secret-guesses';
import { CSP_REPORTS_PER_MINUTE } from '@/site/server/csp-reports/handle-csp-report-post';
import {
  isPostgresUrl,
  onceUntilFailure,
  openMigrated,
  type DatabaseConfig,
  type Dialect,
  type SiteDatabase,
} from '@/site/server/db/database';
import { siteMigrations } from '@/site/server/db/site-migrations';
import { watchPublishedFlows, type FlowWatcher } from '@/site/server/flows/flow-publish-watcher';
import { FlowCatalogue } from '@/site/server/flows/flow-catalogue';
import type { SiteFlows } from '@/site/server/flows/site-flows';
import {
  SITE_FLOWS_DIR,
  loadSiteFlowFiles,
  siteFlowLoadOptions,
  siteFlowVars,
} from '@/site/server/flows/site-flow-registry';
import { createFunnelServices, type FunnelServices } from '@/site/server/funnel/funnel-services';
import {
  createExperimentServices,
  type ExperimentServices,
} from '@/site/server/experiments/experiment-services';
import { healthReport, type HealthReport } from '@/site/server/health/health-report';
import { createRateLimit, type RateDecision } from '@/site/server/http/rate-limit';
import {
  createHubSpotFormsService,
  hubspotFormsConfig,
} from '@/site/server/hubspot/create-hubspot-forms-service';
import {
  startHubSpotFormsRefresh,
  type FormsRefresh,
} from '@/site/server/hubspot/hubspot-forms-refresh';
import { formKeysOf, type HubSpotFormsService } from '@/site/server/hubspot/hubspot-forms-service';
import type { DeliveryWorkers } from '@/site/server/leads/delivery-workers';
import { FileStorage } from '@/site/server/leads/file-storage';
import { answerLeadPost } from '@/site/server/leads/lead-endpoint';
import {
  createDeliveryWorker,
  createLeadServices,
  type LeadServices,
} from '@/site/server/leads/lead-services';
import { OutboxStore } from '@/site/server/leads/outbox-store';
import { PartialLeadStore } from '@/site/server/leads/partial-lead-store';
import { PartialDeliveries } from '@/site/server/leads/partial-deliveries';
import { PartialDeliveryStore } from '@/site/server/leads/partial-delivery-store';
import { answerProgressPost } from '@/site/server/leads/handle-progress-post';
import { AssignmentStore } from '@/site/server/leads/assignment-store';
import { startOverdueChecks } from '@/site/server/leads/overdue-leads';
import { ResumeLinks } from '@/site/server/leads/resume-links';
import { ResumeService, startReminders } from '@/site/server/leads/resume-service';
import type { Mailer } from '@/site/server/mail/mailer';
import { createSiteMailer } from '@/site/server/mail/site-mailer';
import type { ProcessRuntime } from './process-handle.mjs';
import { runtimeSlot } from './process-handle.mjs';

export type RuntimePhase = 'build' | 'run';

/** How often each instance looks for overdue leads (each is mailed once, by one instance). */
const OVERDUE_CHECK_MS = 60_000;
/** How often each instance looks for partial leads due a reminder (each is mailed once). */
const REMINDER_CHECK_MS = 60_000;

export class SiteRuntime implements ProcessRuntime {
  readonly phase: RuntimePhase;
  readonly dialect: Dialect;
  /** The database the environment names: PostgreSQL at `DATABASE_URL`, else the SQLite file. */
  readonly databaseConfig: DatabaseConfig = { url: env.DATABASE_URL, file: env.LEADS_DB };
  /** The database, opened and migrated on first use (again after a failed open). */
  readonly database: () => Promise<SiteDatabase>;
  readonly mailer: Mailer;
  /**
   * The flow catalogue: where every flow comes from (the database; the files seed it). While
   * Next builds it does not read the database.
   */
  readonly catalogue: FlowCatalogue;
  /** The catalogue's live flows: what every page, endpoint and tool of this process serves. */
  readonly flows: SiteFlows;
  readonly uploads: FileStorage;
  readonly leads: LeadServices;
  /** Saved progress with consent: partial leads, until finished, forgotten or expired. */
  readonly partials: PartialLeadStore;
  /** Partial leads sent to HubSpot (flows with `saveProgress.formKey`), through their outbox. */
  readonly partialDeliveries: PartialDeliveries;
  /** Resume links (finish a partial lead on any device) and reminders. */
  readonly resume: ResumeService;
  /** Who answers each lead (round-robin or rules), and the overdue mails. */
  readonly assignments: AssignmentStore;
  /** The process's delivery workers (HubSpot's, each webhook's); they run once started. */
  readonly worker: DeliveryWorkers;
  readonly funnel: FunnelServices;
  /** A/B tests between published versions: the store, the public list, the reports. */
  readonly experiments: ExperimentServices;
  readonly auth: () => Promise<AuthApi>;
  readonly search = new SiteSearchHolder();
  readonly clientErrorsRateLimit: (clientKey: string) => Promise<RateDecision>;
  /** Each client's wrong Strapi webhook secrets, counted where the data lives. */
  readonly webhookGuesses: SecretGuesses;
  /** Content-Security-Policy violation reports per client, counted in this process (its logs). */
  readonly cspReportsRateLimit: (clientKey: string) => Promise<RateDecision>;
  /** HubSpot's own form definitions, cached in the database; a started runtime refreshes them. */
  readonly hubspotForms: HubSpotFormsService;
  private formsRefresh: FormsRefresh | undefined;
  private overdueChecks: { stop(): void } | undefined;
  private reminders: { stop(): void } | undefined;
  private started = false;
  private stopping: Promise<void> | undefined;
  private watcher: FlowWatcher | undefined;
  private opened: SiteDatabase | undefined;

  constructor(phase: RuntimePhase) {
    this.phase = phase;
    this.dialect = isPostgresUrl(this.databaseConfig.url) ? 'postgres' : 'sqlite';
    this.database = onceUntilFailure(async () => {
      if (this.phase === 'build') throw new Error('The database is not opened while Next builds');
      this.opened = await openMigrated(this.databaseConfig, siteMigrations);
      return this.opened;
    });
    this.mailer = createSiteMailer();
    this.catalogue = new FlowCatalogue({
      flowsDir: SITE_FLOWS_DIR,
      vars: siteFlowVars(),
      ...siteFlowLoadOptions(),
      database: this.database,
      files: loadSiteFlowFiles(),
      readsStore: phase !== 'build',
    });
    this.flows = this.catalogue.live;
    this.uploads = new FileStorage(env.UPLOADS_DIR);
    const store = new OutboxStore(this.database);
    this.assignments = new AssignmentStore(this.database, env.LEADS_ASSIGN_RULES ?? []);
    this.partials = new PartialLeadStore(this.database, env.PARTIAL_LEADS_RETENTION_DAYS);
    this.resume = new ResumeService({
      links: new ResumeLinks(this.database, this.partials, env.RESUME_LINK_DAYS),
      partials: this.partials,
      mailer: () => this.mailer,
      siteUrl: env.SITE_URL,
      brandName: env.BRAND_NAME,
      retentionDays: env.PARTIAL_LEADS_RETENTION_DAYS,
      liveFlows: () => Object.values(this.flows.current().flows),
      flowTitle: async (flowId, version) =>
        (await this.flows.flow(flowId, version))?.title ?? flowId,
      rateLimit: createRateLimit(env.LEADS_RATE_LIMIT, this.database, 'resume-links'),
    });
    this.partialDeliveries = new PartialDeliveries(
      new PartialDeliveryStore(this.database, store),
      () => this.worker.kick(),
    );
    this.leads = createLeadServices({
      partials: this.partials,
      partialDeliveries: this.partialDeliveries,
      assignments: this.assignments,
      store,
      files: this.uploads,
      flows: this.flows,
      database: this.database,
      mailer: this.mailer,
    });
    // One SQLite file has one server; on PostgreSQL other instances' leases run out instead.
    this.worker = createDeliveryWorker(store, this.uploads, this.dialect === 'sqlite', undefined, {
      queue: this.partialDeliveries.queue,
      // No flow sends partial leads to HubSpot: the worker leaves the database alone.
      idle: () =>
        !Object.values(this.flows.current().flows).some((flow) => flow.saveProgress?.formKey),
    });
    this.funnel = createFunnelServices(this.database, this.flows);
    this.experiments = createExperimentServices(this.database, this.flows);
    this.auth = onceUntilFailure(() => createSiteAuthApi(this.database, this.mailer));
    this.clientErrorsRateLimit = createRateLimit(CLIENT_ERRORS_PER_MINUTE);
    this.webhookGuesses = createSecretGuesses(this.database);
    this.cspReportsRateLimit = createRateLimit(CSP_REPORTS_PER_MINUTE, undefined, 'csp-reports');
    this.hubspotForms = createHubSpotFormsService({
      database: this.database,
      config: hubspotFormsConfig(),
      formKeys: () => formKeysOf(Object.values(this.flows.current().flows)),
    });
  }

  /**
   * Begins the background work of a server process: the delivery worker's loop, the flow
   * watcher and the schedule of HubSpot form definition reads. Returns at once: a database that
   * is down now is reached by their next tries.
   */
  start(): void {
    if (this.started || this.phase === 'build') return;
    this.started = true;
    this.worker.start();
    this.watcher = watchPublishedFlows({
      catalogue: this.catalogue,
      intervalMs: env.FLOWS_WATCH_MS,
    });
    // Without a token this says once why definitions are not read, and reads nothing.
    this.formsRefresh = startHubSpotFormsRefresh(this.hubspotForms, {
      intervalMs: env.HUBSPOT_FORMS_REFRESH_MS,
    });
    this.overdueChecks = startOverdueChecks(
      {
        assignments: this.assignments,
        firstResponseMs: env.LEADS_FIRST_RESPONSE_MINUTES * 60_000,
        notifyTo: env.LEADS_NOTIFY_TO,
        siteUrl: env.SITE_URL,
        mailer: () => this.mailer,
        flowTitle: async (flowId) => (await this.flows.flow(flowId))?.title ?? flowId,
      },
      OVERDUE_CHECK_MS,
    );
    this.reminders = startReminders(this.resume, REMINDER_CHECK_MS);
  }

  /**
   * Stops the background work and closes the database: the worker finishes the pass under way
   * (within `graceMs`), the watcher stops looking. The production server calls it once the
   * requests under way are answered (scripts/serve.mjs drains on SIGTERM); asked again, it
   * resolves with the first call.
   */
  stop(graceMs = 8_000): Promise<void> {
    this.stopping ??= (async () => {
      this.watcher?.stop();
      this.formsRefresh?.stop();
      this.overdueChecks?.stop();
      this.reminders?.stop();
      if (this.started) await this.worker.stop(graceMs);
      await this.close();
    })();
    return this.stopping;
  }

  /** Closes the database if it was opened (a CLI, before it exits). */
  async close(): Promise<void> {
    const opened = this.opened;
    this.opened = undefined;
    await opened?.close();
  }

  /** `POST /api/leads/{flowId}`, for the App Router route and the production server alike. */
  postLead(request: Request, flowId: string): Promise<Response> {
    return answerLeadPost(request, flowId, this.leads, this.worker);
  }

  /** `POST /api/leads/{flowId}/progress`: saved progress (partial leads). */
  postProgress(request: Request, flowId: string): Promise<Response> {
    return answerProgressPost(request, flowId, {
      ...this.leads,
      partials: this.partials,
      resume: this.resume,
    });
  }

  /** `POST /api/resume`: a resume link opens (or deletes) the answers it was sent for. */
  postResume(request: Request): Promise<Response> {
    return this.resume.answer(request);
  }

  pagePolicy(scriptHashes: readonly string[]): { key: string; value: string }[] {
    return pagePolicy(scriptHashes);
  }

  transportSecurity(): { key: string; value: string }[] {
    return strictTransportSecurity(env.SITE_URL);
  }

  isLiveFlowRevision(revision: string): boolean {
    return this.flows.isLiveRevision(revision);
  }

  health(): Promise<HealthReport> {
    return healthReport({
      dialect: this.dialect,
      outbox: (now) => this.leads.store.pending(now),
      worker: () => this.worker.health(),
      workerExpected: this.started,
      pollMs: env.LEADS_WORKER_POLL_MS,
      sendTimeoutMs: env.HUBSPOT_TIMEOUT_MS,
      probeUploads: () => this.uploads.probeWritable(),
    });
  }
}

/** The process's runtime, created on first use (see the module's comment). */
export function siteRuntime(): SiteRuntime {
  const slot = runtimeSlot();
  const phase = env.NEXT_PHASE === 'phase-production-build' ? 'build' : 'run';
  return (slot.runtime ?? slot.publish(new SiteRuntime(phase))) as SiteRuntime;
}

/** Starts the process's runtime (instrumentation.ts, once per server process). */
export function startSiteRuntime(): SiteRuntime {
  const runtime = siteRuntime();
  runtime.start();
  return runtime;
}

/** The process's database, for the functions that take one (`database = siteDatabase`). */
export const siteDatabase = (): Promise<SiteDatabase> => siteRuntime().database();
