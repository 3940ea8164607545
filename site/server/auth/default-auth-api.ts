import { env } from '@/site/env';
import { getDatabase, registerMigrations } from '@/site/server/db/database';
import { getMailer } from '@/site/server/mail/default-mailer';
import { authMigrations } from './auth-migrations';
import { createAuthApi, type AuthApi } from './auth-api';

registerMigrations(authMigrations);

let api: AuthApi | undefined;

/** The site's account API over the shared database and mailer, built on first use. */
export function getAuthApi(): AuthApi {
  api ??= createAuthApi({
    db: getDatabase(),
    mailer: getMailer(),
    siteUrl: env.SITE_URL,
    brandName: env.BRAND_NAME,
    limits: {
      loginPerClient: env.AUTH_LOGIN_CLIENT_LIMIT,
      loginPerAccount: env.AUTH_LOGIN_ACCOUNT_LIMIT,
    },
  });
  return api;
}
