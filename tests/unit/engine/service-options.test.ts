/**
 * Which services each form offers. The client questionnaire keeps the 18 of flows.md §6 in their
 * order; the ready-to-talk form (shown on every service page, the financing ones included) also
 * offers the four financing services of site-spec.md §3, before "Other".
 */
import { describe, expect, it } from 'vitest';
import { validateAnswers, type ResolvedFlow } from '@/engine';
import { repoFlows } from './load-repo-flows';

const { flows } = repoFlows();

const QUESTIONNAIRE_SERVICES = [
  'Investor Business Plan',
  'Feasibility Study',
  'Market Research',
  'Pro Forma',
  'Private Placement Memorandum',
  'Pitch Deck',
  'Grant Proposal',
  'Software and Apps',
  'Request For Proposal',
  'Historic Financials',
  'Market Data Reports',
  'Marketing Plan',
  'E-2 Visa Business Plan',
  'Investor Relations',
  'Real Estate Business Plan',
  'Crowd Funding Reg A+',
  'E-B5 Business Plan',
  'Other',
];

const FINANCING_SERVICES = ['Debt Financing', 'Pre IPO', 'Special Purpose Entity', 'Crowd Funding'];

function serviceValues(flow: ResolvedFlow, name: string): string[] {
  for (const step of flow.steps) {
    if (step.kind === 'choice' && step.id === name) return step.options.map((o) => o.value);
    if (step.kind === 'choice') continue;
    const field = step.fields.find((f) => f.name === name);
    if (field) return (field.options ?? []).map((o) => o.value);
  }
  throw new Error(`${flow.id} asks no "${name}"`);
}

describe('services offered', () => {
  it('the client questionnaire offers its 18 services, in the original order', () => {
    expect(serviceValues(flows.client!, 'service')).toEqual(QUESTIONNAIRE_SERVICES);
  });

  it('the ready-to-talk form offers them with the four financing services, "Other" last', () => {
    expect(serviceValues(flows.readyToTalk!, 'service')).toEqual([
      ...QUESTIONNAIRE_SERVICES.slice(0, -1),
      ...FINANCING_SERVICES,
      'Other',
    ]);
  });

  it.each(FINANCING_SERVICES)('a ready-to-talk lead for %s is accepted', (service) => {
    const result = validateAnswers(flows.readyToTalk!, {
      full_name: 'Ada Lovelace',
      service,
      phone: '(555) 123-4567',
      email: 'ada@example.com',
    });
    expect(result).toMatchObject({ ok: true, answers: { service } });
  });

  it('the questionnaire does not take them: its list is the original one', () => {
    const result = validateAnswers(flows.client!, {
      phase: 'M&A',
      revenue: '$50,000-$150,000',
      industry: 'Fintech',
      service: 'Debt Financing',
    });
    expect(result).toEqual({
      ok: false,
      errors: [{ field: 'service', message: 'Answer: choose one of the listed options' }],
    });
  });
});
