/**
 * `POST /api/leads/{flowId}` with a number field, through the real handler, flow catalogue and
 * outbox (SQLite: a refusal happens before anything is stored, whatever the database): an amount
 * that is not a number, out of range or off its cents is refused with a 400 naming the field and
 * saying why in the visitor's words; an amount typed as "$12,500" is stored as "12500", the plain
 * number HubSpot's number fields read.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FlowCatalogue } from '@/site/server/flows/flow-catalogue';
import { loadFlowRegistry } from '@/site/server/flows/flow-registry';
import { SiteFlows } from '@/site/server/flows/site-flows';
import { createRateLimit } from '@/site/server/http/rate-limit';
import { createCaptchaVerifier } from '@/site/server/leads/captcha-verifier';
import { FileStorage, fileLink } from '@/site/server/leads/file-storage';
import { handleLeadPost } from '@/site/server/leads/handle-lead-post';
import type { LeadServices } from '@/site/server/leads/lead-services';
import { VARS } from '@/tests/unit/engine/load-repo-flows';
import { NUMBER_FLOW_ID, numberFlowText } from '@/tests/unit/engine/support/number-flow';
import { tempOutbox } from './outbox-fixtures';

const SITE = 'https://firm.example';
const page = { uri: 'https://firm.example/loans', name: 'loans' };

describe('the lead endpoint and a number field', () => {
  const outbox = tempOutbox('sqlite');
  let services: LeadServices;

  beforeAll(async () => {
    const flowsDir = mkdtempSync(path.join(tmpdir(), 'number-flows-'));
    writeFileSync(path.join(flowsDir, `${NUMBER_FLOW_ID}.json`), numberFlowText());
    const files = loadFlowRegistry(flowsDir, VARS);
    expect(files.diagnostics).toEqual([]);
    const catalogue = new FlowCatalogue({
      flowsDir,
      files,
      vars: VARS,
      database: () => outbox.site,
    });
    await catalogue.seed();
    services = {
      store: outbox.store,
      files: new FileStorage(path.join(flowsDir, 'uploads')),
      flows: new SiteFlows({ files, catalogue }),
      captcha: createCaptchaVerifier({ provider: 'none' }),
      rateLimit: createRateLimit(0),
      fileLink: (token) => fileLink(SITE, token),
    };
  });
  afterAll(() => outbox.dispose());

  const post = (answers: Record<string, unknown>) =>
    handleLeadPost(
      new Request(`${SITE}/api/leads/${NUMBER_FLOW_ID}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ answers, page }),
      }),
      NUMBER_FLOW_ID,
      services,
    );
  const email = 'lee@example.com';

  it('refuses a non-number or out-of-range amount with the field and the reason', async () => {
    const refusals: [unknown, string, string][] = [
      ['twelve thousand', 'loan_amount', 'Enter an amount in figures, such as $10,000'],
      ['1e5', 'loan_amount', 'Enter an amount in figures, such as $10,000'],
      [true, 'loan_amount', 'Enter an amount in figures, such as $10,000'],
      [['5000'], 'loan_amount', 'Enter an amount in figures, such as $10,000'],
      ['999', 'loan_amount', 'Enter an amount of at least $1,000'],
      ['$5,000,000.01', 'loan_amount', 'Enter an amount of at most $5,000,000'],
      ['1000.001', 'loan_amount', 'Enter an amount with at most 2 decimal places'],
    ];
    for (const [amount, field, message] of refusals) {
      const response = await post({ loan_amount: amount, email });
      expect(response.status, String(amount)).toBe(400);
      expect(await response.json()).toEqual({ errors: [{ field, message }] });
    }
    const years = await post({ loan_amount: '5000', years_in_business: '2.5', email });
    expect(years.status).toBe(400);
    expect(await years.json()).toEqual({
      errors: [{ field: 'years_in_business', message: 'Enter a whole number' }],
    });
    expect(await storedBodies()).toEqual([]);
  });

  it('stores an amount typed with its symbol and grouping as the plain number HubSpot gets', async () => {
    const response = await post({ loan_amount: '$12,500', years_in_business: '7', email });
    expect(response.status).toBe(202);
    const bodies = await storedBodies();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]!.fields.map((f) => [f.name, f.value])).toEqual([
      ['loan_amount', '12500'],
      ['years_in_business', '7'],
      ['email', email],
    ]);
  });

  /** The HubSpot bodies the outbox holds, as an operator's SQL reads them. */
  async function storedBodies() {
    const { rows } = await sql<{ body: string }>`SELECT body FROM lead_deliveries`.execute(
      (await outbox.site).db,
    );
    return rows.map((row) => JSON.parse(row.body) as { fields: { name: string; value: string }[] });
  }
});
