import { env } from '@/site/env';
import type { SiteDatabase } from '@/site/server/db/database';
import type { Mailer } from '@/site/server/mail/mailer';
import { createAuthApi, type AuthApi } from './auth-api';

/**
 * The site's account API over the process's database and mailer, with the environment's limits.
 * The runtime (site/server/runtime/site-runtime.ts) builds it on first use, and again on the next
 * request when the database was down.
 */
export async function createSiteAuthApi(
  database: () => Promise<SiteDatabase>,
  mailer: Mailer,
): Promise<AuthApi> {
  return createAuthApi({
    db: await database(),
    mailer,
    siteUrl: env.SITE_URL,
    brandName: env.BRAND_NAME,
    limits: {
      loginPerClient: env.AUTH_LOGIN_CLIENT_LIMIT,
      loginPerAccount: env.AUTH_LOGIN_ACCOUNT_LIMIT,
    },
  });
}
