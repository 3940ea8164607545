/**
 * The leads CSV as a person opening it in a spreadsheet sees it: one column per question headed
 * by the question the visitor read, cells in option labels (a multiple choice joined by "; "),
 * consent as Yes/No, who the lead is from and with, each destination's status, the hidden values,
 * every cell formula-safe. Leads are stored through the real endpoint and outbox, read with the
 * real flow catalogue at each lead's version, on both databases.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FlowCatalogue } from '@/site/server/flows/flow-catalogue';
import { loadFlowRegistry } from '@/site/server/flows/flow-registry';
import { SiteFlows } from '@/site/server/flows/site-flows';
import { createRateLimit } from '@/site/server/http/rate-limit';
import { AssignmentStore } from '@/site/server/leads/assignment-store';
import { createCaptchaVerifier } from '@/site/server/leads/captcha-verifier';
import { noneSink } from '@/site/server/leads/crm-sink';
import { DeliveryWorker } from '@/site/server/leads/delivery-worker';
import { FileStorage, fileLink } from '@/site/server/leads/file-storage';
import { handleLeadPost } from '@/site/server/leads/handle-lead-post';
import type { LeadServices } from '@/site/server/leads/lead-services';
import { leadsToCsv } from '@/site/server/leads/leads-csv';
import { parseWebhooks } from '@/site/server/leads/webhook-config';
import { dialects } from '@/tests/integration/support/test-databases';
import { submittingPaths } from '@/tests/integration/support/sample-leads';
import { FLOWS_DIR, VARS } from '@/tests/unit/engine/load-repo-flows';
import { parseCsv } from '@/tests/unit/engine/support/parse-csv';
import { lead, tempOutbox } from './outbox-fixtures';

const SITE = 'https://firm.example';
const page = { uri: 'https://firm.example/start', name: 'start' };
const FORMULA_TEXT = '=HYPERLINK("https://evil.example","Open")';
const FORMULA_QUESTION = '=1+1 What phase is your business in?';

/** The client questionnaire as a marketer republished it: a question opening with "=", and
 * the service step taking several choices. */
function republished(source: string): string {
  const flow = JSON.parse(source) as { steps: Record<string, unknown>[] };
  const phase = flow.steps.find((step) => step.id === 'phase')!;
  phase.question = FORMULA_QUESTION;
  const service = flow.steps.find((step) => step.id === 'service')!;
  service.multiple = true;
  return `${JSON.stringify(flow, null, 2)}\n`;
}

/** A sheet read back: the header row and each row as header → cell. */
function sheet(csv: string) {
  const [header, ...rows] = parseCsv(csv);
  return {
    header: header!,
    rows: rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]!]))),
  };
}

describe.each(dialects)('the leads CSV on %s', (dialect) => {
  let outbox: ReturnType<typeof tempOutbox>;
  let services: LeadServices;
  let assignments: AssignmentStore;
  let first: number;
  const ids: Record<'old' | 'multi' | 'tell' | 'retired', string> = {
    old: '',
    multi: '',
    tell: '',
    retired: '',
  };

  const post = async (
    flowId: string,
    query: string,
    answers: Record<string, unknown>,
    hidden?: Record<string, string>,
  ) => {
    const response = await handleLeadPost(
      new Request(`${SITE}/api/leads/${flowId}${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ answers, page, ...(hidden ? { hidden } : {}) }),
      }),
      flowId,
      services,
    );
    expect(response.status, await response.clone().text()).toBe(202);
    const { id } = (await response.json()) as { id: string };
    // What the runtime does with a new lead: give it its assignee (by the rule on the flow).
    await assignments.assignNew({ id, flowId, answers });
    return id;
  };

  const csv = (filter?: { flowId: string }) =>
    leadsToCsv({ store: outbox.store, flows: services.flows, assignments }, filter);

  beforeAll(async () => {
    outbox = tempOutbox(dialect);
    const files = loadFlowRegistry(FLOWS_DIR, VARS);
    const catalogue = new FlowCatalogue({
      flowsDir: FLOWS_DIR,
      files,
      vars: VARS,
      database: () => outbox.site,
    });
    await catalogue.seed();
    first = (await catalogue.latest('client'))!.version;
    const source = readFileSync(path.join(FLOWS_DIR, 'client.json'), 'utf8');
    const published = await catalogue.publish('client', republished(source), {
      author: 'ann@firm.example',
      note: 'several services',
    });
    expect(published.ok).toBe(true);
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    services = {
      store: outbox.store,
      files: new FileStorage(path.join(process.env.TMPDIR ?? '/tmp', `leads-csv-${dialect}`)),
      flows: new SiteFlows({ files, catalogue }),
      captcha: createCaptchaVerifier({ provider: 'none' }),
      rateLimit: createRateLimit(0),
      fileLink: (token) => fileLink(SITE, token),
      webhooks: parseWebhooks({
        WEBHOOK_CRM_URL: 'https://crm.firm.example/hook',
        WEBHOOK_CRM_SECRET: secret,
        WEBHOOK_CRM_FLOWS: 'client',
      }),
    };
    assignments = new AssignmentStore(
      () => outbox.site,
      [{ flow: 'client', assignTo: 'ann@firm.example' }],
    );

    // A visitor on the first version, with a name a spreadsheet would take for a formula.
    const path0 = submittingPaths('client').find((p) => p.answers.ready === 'Yes Go to Checkout')!;
    ids.old = await post(
      'client',
      `?version=${first}`,
      { ...path0.answers, full_name: '-Eve Smith', email: 'eve@example.com' },
      { utm_source: 'spring-campaign' },
    );
    // A visitor on the republished version, choosing two services.
    ids.multi = await post('client', `?version=${first + 1}`, {
      ...path0.answers,
      service: ['Investor Business Plan', 'Feasibility Study'],
      full_name: 'Ada Lovelace',
      email: 'ada@example.com',
    });
    // Without its optional attachment: a file is sent as a part of its own, not an answer.
    const { file: _file, ...tell } = submittingPaths('tellUsMore')[0]!.answers;
    ids.tell = await post('tellUsMore', '', {
      ...tell,
      project_description: FORMULA_TEXT,
      nda: true,
    });
    // A lead of a questionnaire the site no longer has.
    const retired = lead('old@example.com', ['retired-form'], {
      flowId: 'retired',
      flowVersion: 3,
      submittedAt: Date.now(),
      receivedAt: Date.now(),
      answers: { email: 'old@example.com', budget: 'b-2', topics: ['tax', 'audit'], call: false },
    });
    ids.retired = await outbox.store.insertLead(retired);

    // HubSpot is not configured: the embedded sink holds the client leads' HubSpot deliveries;
    // their webhook's stay pending (no webhook worker runs here).
    const worker = new DeliveryWorker(outbox.store, noneSink, {
      retryBaseMs: 60_000,
      retryMaxMs: 60_000,
      pollMs: 50,
      concurrency: 4,
      leaseMs: 5000,
      sendLimit: { count: 1000, windowMs: 10_000 },
      soleWorker: true,
    });
    await worker.deliverNow([ids.old, ids.multi], 2);
  });
  afterAll(() => outbox?.dispose());

  it('heads a column with each question the visitor read, and fills it with the labels they chose', async () => {
    const { header, rows } = sheet(await csv({ flowId: 'client' }));
    expect(header.slice(0, 12)).toEqual([
      'Flow',
      'Version',
      'Lead id',
      'Submitted (UTC)',
      'Received (UTC)',
      'Status',
      'Assigned to',
      'Handled (UTC)',
      'Handled by',
      'Name',
      'E-mail',
      'Phone',
    ]);
    // The flow's questions in step order, worded as the newest version in the export words
    // them; a question opening with "=" is neutralised like every cell.
    expect(header.slice(12, 20)).toEqual([
      `'${FORMULA_QUESTION}`,
      'What was your company gross revenue last year?',
      'How much working capital do you personally have to invest in your business?',
      'What is your industry?',
      'What service best suits your needs?',
      'Full name',
      'Email',
      'Phone',
    ]);
    expect(header).toContain('Are you ready to buy this service?');
    expect(header.slice(-4)).toEqual(['gclid', 'question', 'webhook:crm', 'Page']);
    expect(header).toContain('utm_source');

    const old = rows.find((row) => row['Lead id'] === ids.old)!;
    expect(old).toMatchObject({
      Flow: 'client',
      Version: String(first),
      Status: 'held',
      'Assigned to': 'ann@firm.example',
      'E-mail': 'eve@example.com',
      // What looks like a formula reaches the sheet as text, never as a formula.
      Name: "'-Eve Smith",
      'Full name': "'-Eve Smith",
      // The label the visitor read, not the value HubSpot is sent.
      'Are you ready to buy this service?': 'Yes, go to checkout',
      utm_source: 'spring-campaign',
      question: 'held',
      'webhook:crm': 'pending',
      Page: page.uri,
    });
    expect(old['Received (UTC)']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const multi = rows.find((row) => row['Lead id'] === ids.multi)!;
    expect(multi).toMatchObject({
      Version: String(first + 1),
      Name: 'Ada Lovelace',
      'What service best suits your needs?': 'Investor Business Plan; Feasibility Study',
    });
    expect(rows).toHaveLength(2);
  });

  it('keeps the flows apart when an export spans several, and a retired flow keeps its raw values', async () => {
    const { header, rows } = sheet(await csv());
    expect(rows.map((row) => row.Flow)).toEqual(['client', 'client', 'tellUsMore', 'retired']);
    expect(header).toContain('client: Are you ready to buy this service?');
    // Behind its flow's name a question opening with "=" no longer opens the cell.
    expect(header).toContain(`client: ${FORMULA_QUESTION}`);
    expect(header).not.toContain('Are you ready to buy this service?');
    const tell = rows.find((row) => row['Lead id'] === ids.tell)!;
    expect(tell).toMatchObject({
      'tellUsMore: Send me an NDA': 'Yes',
      'tellUsMore: Project description': `'${FORMULA_TEXT}`,
    });
    expect(tell['client: Are you ready to buy this service?']).toBe('');
    const retired = rows.find((row) => row['Lead id'] === ids.retired)!;
    expect(retired).toMatchObject({
      'retired: budget': 'b-2',
      'retired: topics': 'tax; audit',
      'retired: call': 'No',
      'E-mail': 'old@example.com',
      'Assigned to': '',
      'retired-form': 'pending',
    });
  });
});
