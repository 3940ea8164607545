import { describe, expect, it } from 'vitest';
import { buildSubmissions, flowPaths, validateAnswers } from '@/engine';
import { repoFlows } from './load-repo-flows';

const { flows } = repoFlows();

// What flows.md lists for each form key: field name → objectTypeId, in the listed order.
const C = '0-1';
const CO = '0-2';
const careersSubmit = [
  ['full_name', C],
  ['phone', C],
  ['email', C],
  ['what_position_are_you_interested_in', C],
  ['school', C],
  ['do_you_have_at_least_5_years_of_work_experience_', C],
  ['geographical_flexibility', C],
  ['intrested_in_a_internship_program_', C],
  ['resume_document', C],
  ['cover_letter', C],
  ['diploma_document', C],
];
const readyToTalk = [
  ['full_name', C],
  ['service', C],
  ['phone', C],
  ['email', C],
];
const expectedForms: Record<string, Record<string, string[][]>> = {
  client: {
    question: [
      ['what_phase_is_your_business_in', CO],
      ['what_was_company_gross_revenue_last_year', CO],
      ['how_much_working_capital_do_you_personally_have_to_invest_in_your_business', CO],
      ['what_is_your_industry', CO],
      ['what_service_best_suits_your_needs', CO],
      ['what_is_your_full_name', CO],
      ['what_is_your_phone_number', CO],
      ['what_is_your_email', CO],
      ['are_you_ready_to_buy_this_service', CO],
      ['email', C],
    ],
  },
  grants: {
    grantServiceQuestions: [
      ['q___a', C],
      ['grant_link', C],
      ['full_name', C],
      ['phone', C],
      ['email', C],
    ],
  },
  careers: {
    careerQuestions: [
      ['what_is_your_current_position', CO],
      [
        'do_you_have_experience_in_evaluating_and_fixing_challenges_that_arise_in_organizations',
        CO,
      ],
      ['have_you_worked_on_multiple_projects___or_single_projects_at_a_time', CO],
      ['have_you_lead_a_team_before', CO],
      ['what_position_are_you_interested_in', CO],
      ['do_you_want_to_book_your_initial_interview_now', CO],
      ['full_name', C],
      ['phone', C],
      ['email', C],
    ],
    careersSubmit,
  },
  newsletter: { subscribe: [['email', C]] },
  ebook: { eBookSubscribe: [['email', C]] },
  joinEvent: { joinEvent: [['email', C]] },
  subscribePage: {
    subscribePage: [
      'email',
      'full_name',
      'phone',
      'relationship_to_samplefirm',
      'jobtitle',
      'city',
      'company',
      'industry',
      'company_country',
      'subscribe_to_newsletters',
      'industry_topics',
      'business_topics',
    ].map((n) => [n, C]),
  },
  careersApplication: { careersSubmit },
  readyToTalk: { readyToTalk },
  bookConsult: { readyToTalk },
  tellUsMore: {
    tellUsMore: [
      'firstname',
      'lastname',
      'phone',
      'email',
      'company',
      'project_description',
      'file',
    ].map((n) => [n, C]),
  },
  contactBanner: {
    contactBanner: [
      ['reason_for_enquiry', CO],
      ['full_name', C],
      ['phone', C],
      ['email', C],
    ],
  },
};

describe('submissions', () => {
  it.each(Object.keys(expectedForms))(
    '%s: each submitting path sends exactly the fields flows.md lists, with their objectTypeIds',
    (id) => {
      const flow = flows[id]!;
      const submitting = flowPaths(flow).filter((p) => p.submissions.length > 0);
      expect(submitting.length).toBeGreaterThan(0);
      for (const path of submitting) {
        const sent = Object.fromEntries(
          path.submissions.map((s) => [s.formKey, s.fields.map((f) => [f.name, f.objectTypeId])]),
        );
        expect(sent).toEqual(expectedForms[id]);
      }
    },
  );

  it('client: no capital ends at noCapital without submitting; the others carry the ten fields', () => {
    const paths = flowPaths(flows.client!);
    const noCapital = paths.filter((p) => p.ending === 'noCapital');
    expect(noCapital).toHaveLength(1);
    expect(noCapital[0]!.submissions).toEqual([]);
    expect(noCapital[0]!.steps).toEqual([
      { step: 'phase', answer: 'Start-up' },
      { step: 'capital', answer: 'No Capital' },
    ]);
    for (const ending of ['checkout', 'bookConsult']) {
      const reaching = paths.filter((p) => p.ending === ending);
      expect(reaching).toHaveLength(2);
      for (const p of reaching) {
        const fields = Object.fromEntries(p.submissions[0]!.fields.map((f) => [f.name, f.value]));
        const startUp = p.answers.phase === 'Start-up';
        expect(fields.what_was_company_gross_revenue_last_year === '').toBe(startUp);
        expect(
          fields.how_much_working_capital_do_you_personally_have_to_invest_in_your_business === '',
        ).toBe(!startUp);
        expect(fields.email).toBe(fields.what_is_your_email);
        expect(fields.are_you_ready_to_buy_this_service).toBe(
          ending === 'checkout' ? 'Yes Go to Checkout' : 'No, Book Consultation First',
        );
      }
    }
  });

  const ctx = {
    submittedAt: 1_700_000_000_000,
    pageUri: 'https://firm.example/',
    pageName: 'home',
  };

  it('grants: a transcript of the questions asked, in order, and an empty grant link when none', () => {
    const flow = flows.grants!;
    const result = validateAnswers(flow, {
      orgType: 'Non-profit',
      registered: "I don't know",
      sector: 'Affordable Housing',
      amount: '$5,000-$50,000',
      help: 'No Just a Proposal',
      found: 'No',
      full_name: 'Zoë Ng',
      email: 'zoe@example.org',
      phone: '(555) 010-9999',
      buy: 'Book a consultation',
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [submission] = buildSubmissions(flow, result, {
      ...ctx,
      hutk: 'abc123',
      ipAddress: '203.0.113.9',
    });
    expect(submission!.formKey).toBe('grantServiceQuestions');
    expect(submission!.body).toEqual({
      submittedAt: ctx.submittedAt,
      fields: [
        {
          objectTypeId: '0-1',
          name: 'q___a',
          value: [
            'Are you a for-profit or non-profit organization? -> Non-profit',
            "Are you registered as a 501(c)(3)? -> I don't know",
            'What sector is your project in? -> Affordable Housing',
            'How much capital are you looking to raise through grants? -> $5,000-$50,000',
            'In addition to a proposal, do you need assistance with grant research and grant application submissions? -> No, just a proposal',
            "Have you found the grant you're applying to? -> No",
            'Do you want to buy this service now? -> Book a consultation',
          ].join('\n\n'),
        },
        { objectTypeId: '0-1', name: 'grant_link', value: '' },
        { objectTypeId: '0-1', name: 'full_name', value: 'Zoë Ng' },
        { objectTypeId: '0-1', name: 'phone', value: '5550109999' },
        { objectTypeId: '0-1', name: 'email', value: 'zoe@example.org' },
      ],
      context: { pageUri: ctx.pageUri, pageName: 'home', hutk: 'abc123', ipAddress: '203.0.113.9' },
    });
  });

  it('careers: uploaded files are sent as their stored URLs, absent ones as ""; no hutk when absent', () => {
    const flow = flows.careers!;
    const answers = {
      position: 'MBA Candidate',
      school: 'Other',
      experience5: 'Yes',
      challenges: 'No',
      projects: 'Five or More',
      team: 'Yes',
      role: 'Recruiter',
      internship: 'No',
      resume_document: 'cv.pdf',
      full_name: 'Sam Lee',
      email: 'sam@example.com',
      phone: '5551112222',
      interview: 'Not right now',
    };
    const result = validateAnswers(flow, answers);
    expect(result).toMatchObject({ ok: true, ending: 'careersThanks' });
    if (!result.ok) return;
    const built = buildSubmissions(flow, result, {
      ...ctx,
      files: { resume_document: 'https://files.example/cv.pdf' },
    });
    const submit = built.find((s) => s.formKey === 'careersSubmit')!;
    const value = (name: string) => submit.body.fields.find((f) => f.name === name)?.value;
    expect(value('resume_document')).toBe('https://files.example/cv.pdf');
    expect(value('cover_letter')).toBe('');
    expect(value('geographical_flexibility')).toBe('');
    expect(value('intrested_in_a_internship_program_')).toBe('No');
    expect(submit.body.context).toEqual({ pageUri: ctx.pageUri, pageName: 'home' });
  });

  it('subscribe page: multi-selects are comma-joined, blank optional fields are sent as ""', () => {
    const flow = flows.subscribePage!;
    const result = validateAnswers(flow, {
      email: 'a@b.co',
      full_name: 'Al B',
      phone: '5550001111',
      relationship_to_samplefirm: 'Partner',
      jobtitle: '',
      business_topics: ['Grants', 'SBA Lending'],
      privacy_consent: true,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const fields = buildSubmissions(flow, result, ctx)[0]!.body.fields;
    const value = (name: string) => fields.find((f) => f.name === name)?.value;
    expect(value('business_topics')).toBe('Grants, SBA Lending');
    expect(value('relationship_to_samplefirm')).toBe('Partner');
    expect(value('jobtitle')).toBe('');
    expect(fields.some((f) => f.name === 'privacy_consent')).toBe(false);
  });

  it('bookConsult sends the fixed service "Book Consult"', () => {
    const flow = flows.bookConsult!;
    const result = validateAnswers(flow, {
      full_name: 'Al B',
      phone: '5550001111',
      email: 'a@b.co',
    });
    if (!result.ok) throw new Error('expected valid answers');
    const fields = buildSubmissions(flow, result, ctx)[0]!.body.fields;
    expect(fields.find((f) => f.name === 'service')?.value).toBe('Book Consult');
  });

  it('nothing is sent for answers ending without submitting; only validated answers are built', () => {
    const noCapital = validateAnswers(flows.client!, { phase: 'Start-up', capital: 'No Capital' });
    if (!noCapital.ok) throw new Error('expected valid answers');
    expect(buildSubmissions(flows.client!, noCapital, ctx)).toEqual([]);
    const half = validateAnswers(flows.client!, { phase: 'Start-up' });
    expect(half).toMatchObject({
      ok: false,
      errors: [{ field: 'capital', message: 'Please choose an answer' }],
    });
    // Raw answers are not ValidAnswers (a type error, checked by tsc): only validateAnswers
    // makes one, so buildSubmissions never sees answers that were not checked.
    // @ts-expect-error answers that were never validated
    const _unchecked = () => buildSubmissions(flows.client!, { phase: 'Start-up' }, ctx);
  });
});
