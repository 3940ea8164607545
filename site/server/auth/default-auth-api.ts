import { env } from '@/site/env';
import { onceUntilFailure } from '@/site/server/db/database';
import { getDatabase } from '@/site/server/db/site-database';
import { getMailer } from '@/site/server/mail/default-mailer';
import { createAuthApi, type AuthApi } from './auth-api';

/**
 * The site's account API over the shared database and mailer, built on first use (and built
 * again by the next request when the database was down).
 */
export const getAuthApi: () => Promise<AuthApi> = onceUntilFailure(async () =>
  createAuthApi({
    db: await getDatabase(),
    mailer: getMailer(),
    siteUrl: env.SITE_URL,
    brandName: env.BRAND_NAME,
    limits: {
      loginPerClient: env.AUTH_LOGIN_CLIENT_LIMIT,
      loginPerAccount: env.AUTH_LOGIN_ACCOUNT_LIMIT,
    },
  }),
);
