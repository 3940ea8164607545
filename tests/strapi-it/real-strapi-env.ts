/**
 * What `npm run test:strapi` hands the real-Strapi test: where Strapi listens, its database,
 * the file with the two API tokens' keys, the port the site must serve on (Strapi's webhook
 * was registered for it before the site existed) and the webhook's shared secret.
 */
import { readFileSync } from 'node:fs';

export interface RealStrapiEnv {
  strapiUrl: string;
  databaseFile: string;
  tokens: { readOnly: string; fullAccess: string };
  sitePort: number;
  webhookSecret: string;
  timingsFile: string;
}

/** The variables, named in one place for the runner and the test. */
export const ENV_NAMES = {
  strapiUrl: 'STRAPI_IT_URL',
  databaseFile: 'STRAPI_IT_DATABASE',
  tokensFile: 'STRAPI_IT_TOKENS_FILE',
  sitePort: 'STRAPI_IT_SITE_PORT',
  webhookSecret: 'STRAPI_IT_WEBHOOK_SECRET',
  timingsFile: 'STRAPI_IT_TIMINGS_FILE',
} as const;

export function readRealStrapiEnv(): RealStrapiEnv {
  const value = (name: string) => {
    const set = process.env[name];
    if (!set) throw new Error(`${name} is not set: run this test with npm run test:strapi`);
    return set;
  };
  const tokens = JSON.parse(readFileSync(value(ENV_NAMES.tokensFile), 'utf8')) as unknown;
  const { readOnly, fullAccess } = (tokens ?? {}) as Record<string, unknown>;
  if (typeof readOnly !== 'string' || typeof fullAccess !== 'string')
    throw new Error('the Strapi bootstrap wrote no API tokens');
  return {
    strapiUrl: value(ENV_NAMES.strapiUrl),
    databaseFile: value(ENV_NAMES.databaseFile),
    tokens: { readOnly, fullAccess },
    sitePort: Number(value(ENV_NAMES.sitePort)),
    webhookSecret: value(ENV_NAMES.webhookSecret),
    timingsFile: value(ENV_NAMES.timingsFile),
  };
}
