import { describe, expect, it } from 'vitest';
import { flowPaths } from '@/engine';
import { answerRows } from '@/site/admin/leads/lead-answers';
import { filterQuery, parseLeadFilter } from '@/site/admin/leads/lead-filter';
import { leadContact } from '@/site/server/leads/lead-contact';
import { repoFlows } from '../../../engine/load-repo-flows';

const { flows } = repoFlows();

describe('the inbox filter', () => {
  it('reads status, questionnaire, whole UTC days, words and the page', () => {
    const parsed = parseLeadFilter(
      {
        status: 'held',
        flow: 'client',
        from: '2026-11-01',
        to: '2026-11-30',
        q: ' Ada ',
        page: '3',
      },
      ['client', 'grants'],
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.filter).toEqual({
      status: 'held',
      flowId: 'client',
      from: Date.UTC(2026, 10, 1),
      to: Date.UTC(2026, 11, 1),
      query: 'Ada',
    });
    expect(parsed.page).toBe(3);
    expect(filterQuery(parsed.values, 2)).toBe(
      '?status=held&flow=client&from=2026-11-01&to=2026-11-30&q=Ada&page=2',
    );
  });

  it('names what it cannot read instead of guessing', () => {
    const parsed = parseLeadFilter(
      { status: 'lost', flow: 'nope', from: '2026-02-30', to: '2026-01-01', page: '-1' },
      ['client'],
    );
    expect(parsed.problems).toEqual([
      'Status "lost" is not one of pending, delivered, held, failed',
      'There is no questionnaire "nope"',
      'From must be a date such as 2026-11-24',
    ]);
    expect(parsed.page).toBe(1);
    expect(parseLeadFilter({ from: '2026-02-02', to: '2026-02-01' }, []).problems).toEqual([
      'From must not be after To',
    ]);
  });
});

describe('a lead as the visitor answered', () => {
  it('lists each step’s question with the option label the visitor chose, then the form fields', () => {
    const flow = flows.client!;
    const path = flowPaths(flow).find((p) => p.submissions.length > 0)!;
    const groups = answerRows(flow, path.answers);
    expect(groups.map((g) => g.step)).toEqual(path.steps.map((s) => s.step));
    const first = flow.steps.find((s) => s.id === path.steps[0]!.step)!;
    if (first.kind !== 'choice') throw new Error('the client questionnaire opens with a choice');
    const label = first.options.find((o) => o.value === path.answers[first.id])!.label;
    expect(groups[0]!.rows).toEqual([{ question: first.question, answer: label }]);
    const emailRow = groups.flatMap((g) => g.rows).find((r) => r.question === 'Email');
    expect(emailRow?.answer).toBe(path.answers.email);
  });

  it('names the visitor from whichever name fields the flow has', () => {
    expect(
      leadContact({ full_name: 'Ada Lovelace', email: 'ada@x.co', phone: '2025550143' }),
    ).toEqual({ name: 'Ada Lovelace', email: 'ada@x.co', phone: '2025550143' });
    expect(leadContact({ first_name: 'Ada', last_name: 'Lovelace' })).toEqual({
      name: 'Ada Lovelace',
    });
    expect(leadContact(null)).toEqual({});
  });
});
