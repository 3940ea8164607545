import { env } from '@/site/env';
import { getDatabase } from '@/site/server/db/site-database';
import { getMailer } from '@/site/server/mail/default-mailer';
import { createAuthApi, type AuthApi } from './auth-api';

let api: Promise<AuthApi> | undefined;

/** The site's account API over the shared database and mailer, built on first use. */
export function getAuthApi(): Promise<AuthApi> {
  api ??= getDatabase().then(
    (db) =>
      createAuthApi({
        db,
        mailer: getMailer(),
        siteUrl: env.SITE_URL,
        brandName: env.BRAND_NAME,
        limits: {
          loginPerClient: env.AUTH_LOGIN_CLIENT_LIMIT,
          loginPerAccount: env.AUTH_LOGIN_ACCOUNT_LIMIT,
        },
      }),
    (error: unknown) => {
      api = undefined; // the database was down: the next request tries again
      throw error;
    },
  );
  return api;
}
