import { describe, expect, it } from 'vitest';
import { formatDate } from '@/site/format/format-date';
import { formatMoney } from '@/site/format/format-money';
import { fillPlaceholders } from '@/site/content/fill-placeholders';
import { shortTitle } from '@/site/seo/content-metadata';

describe('formats', () => {
  it("writes dates as 'MMMM DD, YYYY' in UTC", () => {
    expect(formatDate('2023-03-04')).toBe('March 04, 2023');
    expect(formatDate('2022-12-31')).toBe('December 31, 2022');
    // 23:30 in New York on Jan 31 is Feb 1 in UTC.
    expect(formatDate(new Date('2023-01-31T23:30:00-05:00'))).toBe('February 01, 2023');
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });

  it('writes money with $ and US grouping', () => {
    expect(formatMoney(650_000_000)).toBe('$650,000,000');
    expect(formatMoney(1250.5)).toBe('$1,250.50');
    expect(formatMoney(0)).toBe('$0');
  });

  it('substitutes the configured brand, phone and mailboxes', () => {
    const config = {
      url: 'https://example.com',
      brandName: 'Acme Advisory',
      brandSlug: 'acme',
      phone: '(555) 010-0000',
      infoEmail: 'hello@example.com',
      careersEmail: 'jobs@example.com',
    };
    expect(fillPlaceholders('{brand}: call {phone}, {email} or {careersEmail}.', config)).toBe(
      'Acme Advisory: call (555) 010-0000, hello@example.com or jobs@example.com.',
    );
  });

  it('cuts long titles at a word boundary within the budget', () => {
    const title = shortTitle(
      'What SBA lenders want to read before they say yes to a loan application',
    );
    expect(title.length).toBeLessThanOrEqual(60);
    expect(title).toMatch(/^What SBA lenders .*\w…$/);
  });
});
