/**
 * Every environment variable the site reads, parsed once with zod.
 *
 * Nothing is required: with no variable set the site runs on its embedded defaults.
 * A variable that is set but malformed stops the build or the server with a message
 * naming it. Only this module reads `process.env` (a lint rule keeps it that way).
 *
 * This module is server-only: secrets parsed here must never be passed to a client
 * component. Public values reach the browser through props of server components.
 */
import { z } from 'zod';
import {
  bothTrustSettings,
  parseTrustProxy,
  parseTrustProxyHops,
} from '../scripts/client-address.mjs';
import { widgetSourcesSchema } from './http/widget-sources';
import { parseWebhooks, type WebhookConfig } from './server/leads/webhook-config';
import { parseAssignmentRules } from './server/leads/assignment-rules';

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** An optional variable: unset or empty means absent. */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(emptyToUndefined, schema.optional());
/**
 * A variable with a default, written as the text a variable would hold. The default is parsed
 * like a set value (`prefault`): zod's `default` returns it unparsed, which made the text
 * 'false' of a boolean truthy.
 */
const withDefault = <T extends z.ZodType>(schema: T, fallback: z.input<T>) =>
  z.preprocess(emptyToUndefined, schema.prefault(fallback as never));

/** A variable read by a parser that throws an Error saying what is wrong. */
function parsedWith<T>(parse: (value: string) => T | undefined) {
  return (value: string, context: z.RefinementCtx) => {
    try {
      return parse(value);
    } catch (error) {
      context.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  };
}

const url = z.url({ protocol: /^https?$/, message: 'must be an absolute http(s) URL' });
const email = z.email({ message: 'must be an e-mail address' });

export const envSchema = z.object({
  /** Absolute origin the site is served from; used for canonical URLs and sitemaps. */
  SITE_URL: withDefault(url, 'http://localhost:3000').transform((value) =>
    value.replace(/\/+$/, ''),
  ),
  /**
   * Origins allowed to frame the site (space-separated, e.g. `https://partner.example`);
   * unset: no site may frame it.
   */
  FRAME_ANCESTORS: optional(
    z
      .string()
      .regex(/^https?:\/\/\S+( https?:\/\/\S+)*$/, 'must be space-separated http(s) origins'),
  ),
  /** `standalone`: the build also writes the traced server files the Dockerfile ships. */
  NEXT_OUTPUT: optional(z.enum(['standalone'])),
  /** Port `npm start` serves on. */
  PORT: withDefault(z.coerce.number().int().min(1).max(65535), 3000),
  /** The firm's display name, used in copy, titles and HubSpot field names. */
  BRAND_NAME: withDefault(z.string().min(1).max(80), 'Harborline Advisory'),
  /** Lower-case slug of the brand (letters, digits, hyphens or underscores). */
  BRAND_SLUG: withDefault(
    z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, 'must be lower-case letters, digits, "-" or "_"'),
    'harborline',
  ),
  /** Contact phone shown in the copy. */
  CONTACT_PHONE: withDefault(z.string().min(7).max(32), '(310) 555-0142'),
  /** Mailbox for general enquiries. */
  INFO_EMAIL: withDefault(email, 'info@example.com'),
  /** Mailbox for job candidates. */
  CAREERS_EMAIL: withDefault(email, 'careers@example.com'),
  /** SQLite database holding the lead outbox and the user accounts (when no DATABASE_URL). */
  LEADS_DB: withDefault(z.string().min(1), 'data/leads.sqlite'),
  /** PostgreSQL (`postgres://user:password@host:5432/db`); unset: the SQLite file `LEADS_DB`. */
  DATABASE_URL: optional(
    z.string().regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL'),
  ),
  /** Node's mode; the embedded mailer prints verification links only in `development`. */
  NODE_ENV: withDefault(z.string().min(1), 'development'),
  /** Folder the embedded mailer writes each outgoing message to (one `.eml` file each). */
  MAIL_DIR: withDefault(z.string().min(1), 'data/mail'),
  /** When set, outgoing mail goes through this SMTP server (nodemailer URL syntax). */
  SMTP_URL: optional(
    z.url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL' }),
  ),
  /** Sender of account e-mails. */
  MAIL_FROM: withDefault(email, 'no-reply@example.com'),
  /** Failed sign-ins one client (IP) may make per 15 minutes before getting 429. */
  AUTH_LOGIN_CLIENT_LIMIT: withDefault(z.coerce.number().int().min(1).max(10_000), 20),
  /**
   * Failed sign-ins on one account from one client per 15 minutes before that client gets 429 for
   * it; also the account's free attempts a day before its sign-ins are slowed (auth-rate-limits.ts).
   */
  AUTH_LOGIN_ACCOUNT_LIMIT: withDefault(z.coerce.number().int().min(1).max(10_000), 10),
  /** Strapi origin (v4 REST); with STRAPI_TOKEN it replaces the embedded navigation. */
  STRAPI_URL: optional(url),
  /** Read-only Strapi API token, sent as a bearer token. Server-only. */
  STRAPI_TOKEN: optional(z.string().min(1)),
  /** How long a Strapi call may take before the embedded content is used instead. */
  STRAPI_TIMEOUT_MS: withDefault(z.coerce.number().int().min(100).max(60_000), 4000),
  /** Longest age (s) of a page's CMS content when no webhook revalidates it; unset: off. */
  STRAPI_REVALIDATE_SECONDS: optional(z.coerce.number().int().min(1).max(31_536_000)),
  /** Shared secret of Strapi's webhook (`Authorization: Bearer …`) on /api/revalidate. Server-only. */
  STRAPI_WEBHOOK_SECRET: optional(z.string().min(16, 'must be at least 16 characters')),
  /** The firm's social profiles, linked from the footer. */
  SOCIAL_LINKEDIN_URL: withDefault(url, 'https://www.linkedin.com/'),
  SOCIAL_TWITTER_URL: withDefault(url, 'https://x.com/'),
  SOCIAL_FACEBOOK_URL: withDefault(url, 'https://www.facebook.com/'),
  SOCIAL_YOUTUBE_URL: withDefault(url, 'https://www.youtube.com/'),
  SOCIAL_INSTAGRAM_URL: withDefault(url, 'https://www.instagram.com/'),
  /** Third-party scripts, each loaded only after interaction and absent when unset. */
  VIDEO_SCRIPT_URL: optional(url),
  TAG_MANAGER_SCRIPT_URL: optional(url),
  ADS_TRACKING_SCRIPT_URL: optional(url),
  FEEDBACK_SCRIPT_URL: optional(url),
  CHAT_SCRIPT_URL: optional(url),
  CHAT_WIDGET_SCRIPT_URL: optional(url),
  LEAD_TRACKING_SCRIPT_URL: optional(url),
  /**
   * Hosts a configured widget adds to the Content-Security-Policy, beyond its script's origin and
   * the hosts its provider documents (Google Tag Manager, HubSpot): CSP directives with their
   * hosts, `;`-separated, e.g. `script-src https://cdn.example; frame-src https://app.example`
   * (site/http/widget-sources.ts). Ignored while the widget's script URL is unset.
   */
  VIDEO_CSP: optional(widgetSourcesSchema),
  TAG_MANAGER_CSP: optional(widgetSourcesSchema),
  ADS_TRACKING_CSP: optional(widgetSourcesSchema),
  FEEDBACK_CSP: optional(widgetSourcesSchema),
  /** For both chat scripts. */
  CHAT_CSP: optional(widgetSourcesSchema),
  LEAD_TRACKING_CSP: optional(widgetSourcesSchema),
  /**
   * `true` (or `1`): pages carry their policy as Content-Security-Policy-Report-Only: nothing is
   * blocked, every violation is reported to /api/csp-reports (framing stays refused).
   */
  CSP_REPORT_ONLY: withDefault(z.stringbool(), 'false'),
  /** Build output folder; lets two builds (for example two test runs) live side by side. */
  NEXT_DIST_DIR: withDefault(
    z.string().regex(/^\.next[\w.-]*$/, 'must start with ".next"'),
    '.next',
  ),
  /** Folder uploaded lead files are stored in, under random names. */
  UPLOADS_DIR: withDefault(z.string().min(1), 'data/uploads'),
  /** Lead submissions one client (IP) may send per minute before getting 429; 0 turns it off. */
  LEADS_RATE_LIMIT: withDefault(z.coerce.number().int().min(0).max(1_000_000), 20),
  /**
   * Reverse proxies in front of the site whose X-Forwarded-For reports are believed, counted (0 to
   * 10); unset, and TRUST_PROXY unset: none, the connection's address is the client
   * (scripts/client-address.mjs).
   */
  TRUST_PROXY_HOPS: optional(z.string().transform(parsedWith(parseTrustProxyHops))),
  /** The same proxies by address: IPs and CIDR ranges, comma-separated (`10.0.0.0/8,::1`). */
  TRUST_PROXY: optional(z.string().transform(parsedWith(parseTrustProxy))),
  /**
   * Staff addresses (comma-separated) told by e-mail of each newly stored lead; unset: nobody.
   */
  LEADS_NOTIFY_TO: optional(
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((address) => address.trim())
          .filter((address) => address !== ''),
      )
      .pipe(z.array(email).min(1, 'must name at least one e-mail address')),
  ),
  /**
   * Minutes a new lead may wait to be marked handled before its assignee and `LEADS_NOTIFY_TO`
   * are mailed, once (README, Leads: Assignment).
   */
  LEADS_FIRST_RESPONSE_MINUTES: withDefault(z.coerce.number().int().min(1).max(43_200), 60),
  /**
   * Days an unfinished partial lead (saved progress, with the visitor's consent) is kept after
   * its last save (README, Leads: Partial leads).
   */
  PARTIAL_LEADS_RETENTION_DAYS: withDefault(z.coerce.number().int().min(1).max(365), 30),
  /** Days a resume link (finish a partial lead on any device) works after it is mailed. */
  RESUME_LINK_DAYS: withDefault(z.coerce.number().int().min(1).max(90), 7),
  /**
   * Assignment rules as a JSON array, first match wins: `[{"flow":"careers","assignTo":"hr@firm.example"},
   * {"answer":{"key":"amount","is":"over-1m"},"assignTo":"ceo@firm.example"}]`; unset: round-robin only.
   */
  LEADS_ASSIGN_RULES: optional(z.string().transform(parsedWith(parseAssignmentRules))),
  /**
   * Questionnaire funnel reports (`POST /api/flow-events`) one client (IP) may send per minute
   * before getting 429; 0 turns it off.
   */
  FLOW_EVENTS_RATE_LIMIT: withDefault(z.coerce.number().int().min(0).max(1_000_000), 120),
  /**
   * Funnel events one visit may store, all flows together; 0 turns the limit off. A walk through
   * the longest flow shows 11 steps and takes 11 transitions: 500 is 20 such walks and more.
   */
  FLOW_EVENTS_PER_VISIT: withDefault(z.coerce.number().int().min(0).max(1_000_000), 500),
  /** Funnel events one client (IP) may store per hour, and per day; 0 turns either off. */
  FLOW_EVENTS_PER_CLIENT_HOUR: withDefault(z.coerce.number().int().min(0).max(100_000_000), 2_000),
  FLOW_EVENTS_PER_CLIENT_DAY: withDefault(z.coerce.number().int().min(0).max(100_000_000), 10_000),
  /** First retry delay of a failed HubSpot delivery; doubles per attempt, with jitter. */
  LEADS_RETRY_BASE_MS: withDefault(z.coerce.number().int().min(10).max(86_400_000), 30_000),
  /** Longest delay between two delivery attempts. */
  LEADS_RETRY_MAX_MS: withDefault(z.coerce.number().int().min(10).max(604_800_000), 21_600_000),
  /** Longest the delivery worker sleeps before looking at the outbox again (it also sees CLI retries). */
  LEADS_WORKER_POLL_MS: withDefault(z.coerce.number().int().min(10).max(3_600_000), 5_000),
  /**
   * How often each instance looks for a flow version published in the studio (one small query),
   * revalidating the pages that show it: a publish reaches every instance within this + a render.
   */
  FLOWS_WATCH_MS: withDefault(z.coerce.number().int().min(100).max(600_000), 2_000),
  /**
   * Hosts (comma-separated, e.g. `calendly.com,partner.example`) a flow's endings may send
   * visitors to besides the site's own pages (SITE_URL's and SCHEDULER_URL's hosts count too).
   * Unset: a link to any other host is a warning in the studio and `flows -- check`; set: it is
   * refused at publish.
   */
  FLOW_LINK_HOSTS: optional(
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter((host) => host !== ''),
      )
      .pipe(
        z
          .array(
            z
              .string()
              .regex(
                /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
                'must be host names such as calendly.com (no scheme, port or path)',
              ),
          )
          .min(1, 'must name at least one host'),
      ),
  ),
  /**
   * HubSpot submissions the whole site sends per 10 s, every instance counted: under the public
   * endpoint's 50 (the secure endpoint allows 100 or more).
   */
  LEADS_SEND_PER_10S: withDefault(z.coerce.number().int().min(1).max(1000), 40),
  /** HubSpot Forms API host; tests point it at a local fake. */
  HUBSPOT_API_BASE: withDefault(url, 'https://api.hsforms.com').transform((value) =>
    value.replace(/\/+$/, ''),
  ),
  /**
   * HubSpot's API host for the Files API (file uploads when the access token has the `files`
   * scope) and the Forms API (form definitions, with the `forms` scope).
   */
  HUBSPOT_FILES_API_BASE: withDefault(url, 'https://api.hubapi.com').transform((value) =>
    value.replace(/\/+$/, ''),
  ),
  /** HubSpot account (portal) id; without it leads are stored and held. Secret-free. */
  HUBSPOT_PORTAL_ID: optional(z.string().regex(/^\d{1,20}$/, 'must be a numeric portal id')),
  /**
   * Private app token (scope `forms`, optionally `files`): uses the secure submit endpoint and
   * reads HubSpot's form definitions. SECRET.
   */
  HUBSPOT_ACCESS_TOKEN: optional(z.string().min(8).max(500)),
  /** How long one HubSpot call may take before it counts as a timeout (and is retried). */
  HUBSPOT_TIMEOUT_MS: withDefault(z.coerce.number().int().min(100).max(120_000), 10_000),
  /** How often a server reads HubSpot's form definitions again (with HUBSPOT_ACCESS_TOKEN). */
  HUBSPOT_FORMS_REFRESH_MS: withDefault(
    z.coerce.number().int().min(1_000).max(86_400_000),
    15 * 60_000,
  ),
  /** Bot check of lead submissions: none, recaptcha or turnstile. */
  CAPTCHA_PROVIDER: withDefault(z.enum(['none', 'recaptcha', 'turnstile']), 'none'),
  /** Public site key of the captcha widget (shown to the browser). */
  CAPTCHA_SITE_KEY: optional(z.string().min(1).max(200)),
  /** Server secret of the captcha provider; required when CAPTCHA_PROVIDER is not none. SECRET. */
  CAPTCHA_SECRET: optional(z.string().min(1).max(500)),
  /** Overrides the provider's siteverify URL (tests point it at a local fake). */
  CAPTCHA_VERIFY_URL: optional(url),
  /** reCAPTCHA only: `v2` (a checkbox), `invisible` (v2 invisible) or `enterprise`. Public. */
  CAPTCHA_MODE: withDefault(z.enum(['v2', 'invisible', 'enterprise']), 'v2'),
  /** Language of the captcha widget (a language tag such as `fr` or `pt-BR`); unset: the browser's. */
  CAPTCHA_LANGUAGE: optional(
    z
      .string()
      .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a language tag such as fr or pt-BR'),
  ),
  /** Hides the invisible reCAPTCHA badge; the attribution Google requires is shown instead. */
  CAPTCHA_HIDE_BADGE: withDefault(z.stringbool(), 'false'),
  /** Embedded scheduling page on /book-consult; unset = a "preferred day and time" request form. */
  SCHEDULER_URL: optional(url),
  /** Set by Next while it builds; the lead worker does not start then. */
  NEXT_PHASE: optional(z.string()),
});

export type Env = z.infer<typeof envSchema>;

/** Formats zod issues as one line per variable: `NAME: reason (got "value")`. */
export function describeEnvErrors(error: z.ZodError, source: Record<string, string | undefined>) {
  return error.issues
    .map((issue) => {
      const name = String(issue.path[0] ?? '(unknown)');
      const raw = source[name];
      return `  ${name}: ${issue.message}${raw === undefined ? '' : ` (got ${JSON.stringify(raw)})`}`;
    })
    .join('\n');
}

/** envSchema with the checks that read more than one variable. */
const checkedEnvSchema = envSchema.superRefine((variables, context) => {
  if (variables.TRUST_PROXY !== undefined && variables.TRUST_PROXY_HOPS !== undefined) {
    context.addIssue({ code: 'custom', path: ['TRUST_PROXY'], message: bothTrustSettings });
  }
});

/** Parses a record of variables; throws an Error naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = checkedEnvSchema.safeParse(source);
  if (!result.success) {
    throw new Error(
      `Invalid environment variables:\n${describeEnvErrors(result.error, source)}\n` +
        'See .env.example for what each variable expects.',
    );
  }
  return result.data;
}

// eslint-disable-next-line no-restricted-properties -- the one place that reads process.env
export const env: Env = parseEnv(process.env);

const hubspotFormId = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a HubSpot form id (guid)');
const subscriptionTypeId = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/, 'must be a HubSpot subscription type id (a number)')
  .transform(Number);

/**
 * Variables named `<prefix><FORM KEY>`, one per form key in upper snake case:
 * `HUBSPOT_FORM_CONTACT_BANNER=<guid>` → `{ CONTACT_BANNER: '<guid>' }`. Empty values are unset;
 * a malformed one stops the server with the variable's name.
 */
function parseFormKeyed<T>(
  source: Record<string, string | undefined>,
  prefix: string,
  schema: z.ZodType<T, string>,
): Record<string, T> {
  const variable = new RegExp(`^${prefix}([A-Z0-9]+(?:_[A-Z0-9]+)*)$`);
  const values: Record<string, T> = {};
  const problems: string[] = [];
  for (const [name, raw] of Object.entries(source)) {
    const match = variable.exec(name);
    if (!match?.[1] || raw === undefined || raw.trim() === '') continue;
    const parsed = schema.safeParse(raw.trim());
    if (parsed.success) values[match[1]] = parsed.data;
    else
      problems.push(`  ${name}: ${parsed.error.issues[0]?.message} (got ${JSON.stringify(raw)})`);
  }
  if (problems.length > 0) {
    throw new Error(`Invalid environment variables:\n${problems.join('\n')}`);
  }
  return values;
}

/** HubSpot form ids by form key: `HUBSPOT_FORM_<KEY>`. */
export function parseHubspotForms(source: Record<string, string | undefined>) {
  return parseFormKeyed(source, 'HUBSPOT_FORM_', hubspotFormId);
}

/**
 * The communication subscription a form key's consent box subscribes to:
 * `HUBSPOT_SUBSCRIPTION_TYPE_<KEY>=<id>` (a flow's `legalConsent: ["communication"]`).
 */
export function parseHubspotSubscriptionTypes(source: Record<string, string | undefined>) {
  return parseFormKeyed(source, 'HUBSPOT_SUBSCRIPTION_TYPE_', subscriptionTypeId);
}

// eslint-disable-next-line no-restricted-properties -- the one place that reads process.env
const variables = process.env;
export const hubspotForms: Record<string, string> = parseHubspotForms(variables);
export const hubspotSubscriptionTypes: Record<string, number> =
  parseHubspotSubscriptionTypes(variables);
/** The firm's webhooks: `WEBHOOK_<NAME>_URL`, `_SECRET`, `_FLOWS` (site/server/leads/webhook-config.ts). */
export const webhooks: readonly WebhookConfig[] = parseWebhooks(variables);
