/**
 * Partial leads to HubSpot as flow data: `saveProgress.formKey` names the form (checked by the
 * schema, and warned about like a submission's form key when the deployment has no HubSpot form
 * for it); the body maps the answers so far as the flow maps its leads, leaving out what is not
 * answered yet, with the e-mail address and the visitor's consent.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildPartialSubmission, loadFlows, type LoadFlowsOptions } from '@/engine';
import { FLOWS_DIR, VARS, repoFlows } from './load-repo-flows';

const temp: string[] = [];
afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

function clientWith(saveProgress: Record<string, unknown>, options: LoadFlowsOptions = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'flows-'));
  temp.push(dir);
  cpSync(FLOWS_DIR, dir, { recursive: true });
  const path = join(dir, 'client.json');
  const data = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  data.saveProgress = saveProgress;
  writeFileSync(path, JSON.stringify(data, null, 2));
  const loaded = loadFlows(dir, VARS, options);
  return {
    flow: loaded.flows.client,
    diagnostics: loaded.diagnostics.filter((d) => d.file === 'client.json'),
  };
}

const consent = 'Keep my answers so I can finish later.';
const ctx = { submittedAt: 1_700_000_000_000, pageUri: 'https://firm.example/', pageName: 'Home' };

describe('saveProgress.formKey', () => {
  it('is off when absent: no body', () => {
    const client = repoFlows().flows.client!;
    expect(client.saveProgress?.formKey).toBeUndefined();
    const answers = { email: 'ada@example.com' };
    expect(buildPartialSubmission(client, { answers, steps: ['contact'] }, ctx)).toBeUndefined();
  });

  it('refuses a form key the schema does not allow', () => {
    const { flow, diagnostics } = clientWith({ consent, formKey: 'not a key' });
    expect(flow).toBeUndefined();
    expect(diagnostics.some((d) => d.pointer === '/saveProgress/formKey')).toBe(true);
  });

  it('warns of a form key without a HubSpot form, as a submission form key', () => {
    const { flow, diagnostics } = clientWith(
      { consent, formKey: 'partial' },
      { unconfiguredForm: (key) => (key === 'partial' ? 'Set HUBSPOT_FORM_PARTIAL' : undefined) },
    );
    expect(flow?.saveProgress).toEqual({ consent, formKey: 'partial' });
    expect(diagnostics).toEqual([
      expect.objectContaining({
        pointer: '/saveProgress/formKey',
        severity: 'warning',
        code: 'form-key.no-hubspot-form',
        hint: 'Set HUBSPOT_FORM_PARTIAL',
      }),
    ]);
  });

  it('maps the answers so far as the flow does, never blank, with the e-mail and the consent', () => {
    const { flow } = clientWith({ consent, formKey: 'partial' });
    const built = buildPartialSubmission(
      flow!,
      { answers: { phase: 'startup', email: 'ada@example.com' }, steps: ['phase', 'contact'] },
      { ...ctx, hutk: 'abc', hidden: { utm_source: 'spring' } },
    )!;
    expect(built.formKey).toBe('partial');
    const sent = Object.fromEntries(
      built.body.fields.map((f) => [`${f.objectTypeId}/${f.name}`, f.value]),
    );
    expect(sent['0-1/email']).toBe('ada@example.com');
    expect(sent['0-1/utm_source']).toBe('spring');
    expect(sent['0-2/what_is_your_email']).toBe('ada@example.com');
    // Not answered yet, or not captured: left out, so HubSpot keeps what it holds.
    expect(sent).not.toHaveProperty('0-2/what_is_your_industry');
    expect(sent).not.toHaveProperty('0-1/utm_medium');
    expect(built.body.legalConsentOptions).toEqual({
      consent: { consentToProcess: true, text: consent },
    });
    expect(built.body.context).toEqual({ pageUri: ctx.pageUri, pageName: 'Home', hutk: 'abc' });
  });
});
