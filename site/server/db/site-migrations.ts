/**
 * Every migration of the site's database, in the order they were written: each feature's list
 * is appended here. `npm run db -- migrate` and every server start apply the ones not yet applied.
 */
import { adminMigrations } from '@/site/server/admin/audit-schema';
import { experimentMigrations } from '@/site/server/experiments/experiment-schema';
import { authMigrations } from '@/site/server/auth/auth-migrations';
import { flowVersionMigrations } from '@/site/server/flows/flow-versions-schema';
import { funnelMigrations } from '@/site/server/funnel/funnel-schema';
import { hubspotFormMigrations } from '@/site/server/hubspot/hubspot-forms-schema';
import { assignmentMigrations } from '@/site/server/leads/assignment-schema';
import { outboxMigrations } from '@/site/server/leads/outbox-schema';
import { partialDeliveryMigrations } from '@/site/server/leads/partial-delivery-schema';
import { partialLeadMigrations } from '@/site/server/leads/partial-lead-schema';
import type { Migration } from './database';
import { rateLimitMigrations } from './rate-limiter';

export const siteMigrations: readonly Migration[] = [
  ...outboxMigrations,
  ...authMigrations,
  ...rateLimitMigrations,
  ...funnelMigrations,
  ...adminMigrations,
  ...flowVersionMigrations,
  ...hubspotFormMigrations,
  ...assignmentMigrations,
  ...partialLeadMigrations,
  // After the partial leads its rows point at.
  ...partialDeliveryMigrations,
  // After the funnel's and the outbox's tables, which it tags with the variant.
  ...experimentMigrations,
];
