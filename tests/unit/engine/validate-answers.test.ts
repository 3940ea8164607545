import { describe, expect, it } from 'vitest';
import { stepSchema, validateAnswers } from '@/engine';
import { repoFlows } from './load-repo-flows';

const { flows } = repoFlows();
const client = flows.client!;
const grants = flows.grants!;

const clientAnswers = {
  phase: 'In-Revenue',
  revenue: '$150,000-$350,000',
  industry: 'Fintech',
  service: 'Pitch Deck',
  full_name: 'María-José O’Brien',
  email: '  maria@example.com ',
  phone: '(555) 123-4567',
  ready: 'No, Book Consultation First',
};

function errorsOf(result: ReturnType<typeof validateAnswers>) {
  return result.ok ? [] : result.errors;
}

describe('validateAnswers', () => {
  it('accepts a consistent path, trims the e-mail and keeps the phone as its 10 digits', () => {
    expect(validateAnswers(client, clientAnswers)).toEqual({
      ok: true,
      answers: { ...clientAnswers, email: 'maria@example.com', phone: '5551234567' },
      steps: ['phase', 'revenue', 'industry', 'service', 'contact', 'ready'],
      ending: 'bookConsult',
    });
  });

  it('rejects an answer the path never asks (capital on the revenue branch) and unknown keys', () => {
    const result = validateAnswers(client, { ...clientAnswers, capital: 'No Capital', hack: 'x' });
    expect(errorsOf(result)).toEqual([
      { field: 'capital', message: 'This answer is not asked on this path' },
      { field: 'hack', message: 'This answer is not asked on this path' },
    ]);
  });

  it('rejects values that are not options of the step', () => {
    expect(errorsOf(validateAnswers(client, { ...clientAnswers, industry: 'Fishing' }))).toEqual([
      { field: 'industry', message: 'Answer: choose one of the listed options' },
    ]);
  });

  it('requires every answer the path asks', () => {
    const { service: _s, ...rest } = clientAnswers;
    expect(errorsOf(validateAnswers(client, rest))).toEqual([
      { field: 'service', message: 'Please choose an answer' },
    ]);
  });

  it.each([
    [{ full_name: '' }, 'full_name', 'Full name is required'],
    [{ full_name: 'A' }, 'full_name', 'Full name must be between 2 and 100 characters'],
    [{ full_name: 'x'.repeat(101) }, 'full_name', 'Full name must be between 2 and 100 characters'],
    [
      { full_name: 'R2-D2' },
      'full_name',
      'Full name can only contain letters, spaces, apostrophes and hyphens',
    ],
    [{ email: 'maria@' }, 'email', 'This is not a valid email'],
    [{ email: '   ' }, 'email', 'Email is required'],
    [{ phone: '555-1234' }, 'phone', 'Phone must have exactly 10 digits'],
    [{ phone: '(555) 123-45678' }, 'phone', 'Phone must have exactly 10 digits'],
  ])('contact rules: %j gives %s "%s"', (change, field, message) => {
    expect(errorsOf(validateAnswers(client, { ...clientAnswers, ...change }))).toEqual([
      { field, message },
    ]);
  });

  it('accepts names in any alphabet, with periods', () => {
    const result = validateAnswers(client, { ...clientAnswers, full_name: 'Dr. Иван Петров' });
    expect(result.ok).toBe(true);
  });

  const grantAnswers = {
    orgType: 'For-profit',
    sector: 'Woman Owned',
    amount: "I don't know",
    help: 'Yes',
    found: 'Yes',
    full_name: 'Ann Lee',
    email: 'ann@example.com',
    phone: '5551234567',
    grant_link: 'https://grants.example.gov/opportunity/1',
    buy: 'Go to checkout',
  };

  it('asks the grant link only when a grant was found', () => {
    expect(validateAnswers(grants, grantAnswers).ok).toBe(true);
    const { grant_link: _g, ...withoutLink } = grantAnswers;
    expect(errorsOf(validateAnswers(grants, withoutLink))).toEqual([
      { field: 'grant_link', message: 'Grant link is required' },
    ]);
    expect(
      errorsOf(validateAnswers(grants, { ...grantAnswers, grant_link: 'not a link' })),
    ).toEqual([{ field: 'grant_link', message: 'This is not a valid URL' }]);
    expect(errorsOf(validateAnswers(grants, { ...grantAnswers, found: 'No' }))).toEqual([
      { field: 'grant_link', message: 'This answer is not asked on this path' },
    ]);
    expect(validateAnswers(grants, { ...withoutLink, found: 'No' }).ok).toBe(true);
  });

  it('checks upload names against the accepted types and requires the resume', () => {
    const flow = flows.tellUsMore!;
    const base = {
      firstname: 'Ann',
      lastname: 'Lee',
      phone: '5551234567',
      email: 'ann@example.com',
      company: 'Lee & Co',
      project_description: 'A plan',
      nda: true,
    };
    expect(validateAnswers(flow, base).ok).toBe(true);
    expect(validateAnswers(flow, { ...base, file: 'Brief.PDF' }).ok).toBe(true);
    expect(errorsOf(validateAnswers(flow, { ...base, file: 'brief.exe' }))).toEqual([
      { field: 'file', message: 'Attachment must be a PDF or DOCX file' },
    ]);
    expect(errorsOf(validateAnswers(flow, { ...base, nda: false }))).toEqual([
      { field: 'nda', message: 'Send me an NDA is required' },
    ]);
  });

  it('rejects what is not an answer object', () => {
    for (const input of [null, 'x', [], 42]) {
      expect(errorsOf(validateAnswers(client, input))).toEqual([
        { field: '', message: 'Answers must be an object' },
      ]);
    }
  });
});

describe('stepSchema', () => {
  it('is the browser-side schema of one step, with flows.md messages', () => {
    const schema = stepSchema(client, 'contact');
    const result = schema.safeParse({ full_name: '', email: 'x', phone: '123' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['full_name', 'Full name is required'],
      ['email', 'This is not a valid email'],
      ['phone', 'Phone must have exactly 10 digits'],
    ]);
  });

  it('includes a conditional field only when the earlier answers show it', () => {
    expect(Object.keys(stepSchema(grants, 'contact', { found: 'Yes' }).shape)).toContain(
      'grant_link',
    );
    expect(Object.keys(stepSchema(grants, 'contact', { found: 'No' }).shape)).not.toContain(
      'grant_link',
    );
  });
});
