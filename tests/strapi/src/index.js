/**
 * The test instance's bootstrap: seeds the entries the site's tests read, creates the two API
 * tokens and registers the site's webhook. The tests start it on a fresh SQLite database each
 * run (DATABASE_FILENAME in a temp folder); started again on the same database (by hand, to
 * look around), it keeps the entries and makes new tokens and a new webhook.
 *
 * Environment:
 * - STRAPI_TOKENS_FILE: where the tokens' access keys are written as JSON
 *   (`{"readOnly", "fullAccess"}`). Strapi 4 generates an API token's key itself, so the
 *   keys are handed over through this file.
 * - SITE_WEBHOOK_URL and SITE_WEBHOOK_SECRET: the site's /api/revalidate and the bearer
 *   secret Strapi sends to it, as an editor would register them under Settings → Webhooks.
 *
 * The public role is left as users-permissions creates it: it may read nothing, so every
 * read in the tests goes through a token.
 */
const { writeFileSync } = require('node:fs');
const { seedEntries } = require('./seed/seed-entries');

const WEBHOOK_EVENTS = [
  'entry.create',
  'entry.update',
  'entry.delete',
  'entry.publish',
  'entry.unpublish',
];

const TOKEN_NAMES = { readOnly: 'site (read-only)', fullAccess: 'test editor (full access)' };
const WEBHOOK_NAME = 'site revalidation';

async function createTokens(strapi) {
  const tokens = strapi.service('admin::api-token');
  // A key is shown once, when its token is made: a restart makes the tokens anew.
  for (const name of Object.values(TOKEN_NAMES)) {
    const existing = await tokens.getByName(name);
    if (existing) await tokens.revoke(existing.id);
  }
  // The read-only token is the one the site is built and served with, as in production;
  // the full-access one is the test's editor, for the REST edits.
  const readOnly = await tokens.create({
    name: TOKEN_NAMES.readOnly,
    description: 'What the site reads with',
    type: 'read-only',
    lifespan: null,
  });
  const fullAccess = await tokens.create({
    name: TOKEN_NAMES.fullAccess,
    description: 'Edits and publishes entries through the REST API in the tests',
    type: 'full-access',
    lifespan: null,
  });
  return { readOnly: readOnly.accessKey, fullAccess: fullAccess.accessKey };
}

async function registerSiteWebhook(strapi, url, secret) {
  // Webhooks in the database are started before this bootstrap runs; one created here is
  // handed to the runner too, as the admin panel's webhook controller does.
  for (const old of await strapi.webhookStore.findWebhooks()) {
    if (old.name !== WEBHOOK_NAME) continue;
    await strapi.webhookStore.deleteWebhook(old.id);
    strapi.webhookRunner.remove(old);
  }
  const webhook = await strapi.webhookStore.createWebhook({
    name: WEBHOOK_NAME,
    url,
    headers: { Authorization: `Bearer ${secret}` },
    events: WEBHOOK_EVENTS,
  });
  strapi.webhookRunner.add(webhook);
}

module.exports = {
  register() {},

  async bootstrap({ strapi }) {
    // Seeded before the webhook exists: the seed is what the site is built from, not edits.
    if ((await strapi.entityService.count('api::page.page')) === 0) await seedEntries(strapi);
    const keys = await createTokens(strapi);
    if (process.env.STRAPI_TOKENS_FILE) {
      writeFileSync(process.env.STRAPI_TOKENS_FILE, JSON.stringify(keys), { mode: 0o600 });
    }
    if (process.env.SITE_WEBHOOK_URL && process.env.SITE_WEBHOOK_SECRET) {
      await registerSiteWebhook(
        strapi,
        process.env.SITE_WEBHOOK_URL,
        process.env.SITE_WEBHOOK_SECRET,
      );
    }
  },
};
