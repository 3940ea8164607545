/**
 * Search across a flow (site/admin/studio/flow-search.ts) on the client questionnaire's text: an
 * option label found whatever its case, at the range of the text that holds it; step and ending
 * ids; HubSpot field names, tied to the step whose card maps them; words found nowhere.
 */
import { describe, expect, it } from 'vitest';
import { searchFlow } from '@/site/admin/studio/flow-search';
import { client } from './support/client-flow';

const found = (query: string) =>
  searchFlow(client, query).map((h) => ({ ...h, text: client.slice(h.from, h.to) }));

describe('search across the flow', () => {
  it('finds an option label and value, without regard to case, each at its range of the text', () => {
    const hits = found('GO TO CHECKOUT');
    expect(hits).toEqual([
      {
        where: 'Step “Are you ready to buy this service?”: option label “Yes, go to checkout”',
        from: client.indexOf('go to checkout'),
        to: client.indexOf('go to checkout') + 'go to checkout'.length,
        text: 'go to checkout',
        stepId: 'ready',
        control: 'Option 1 label',
      },
      {
        where:
          'Step “Are you ready to buy this service?”: option’s HubSpot value “Yes Go to Checkout”',
        from: client.indexOf('Go to Checkout'),
        to: client.indexOf('Go to Checkout') + 'Go to Checkout'.length,
        text: 'Go to Checkout',
        stepId: 'ready',
        control: 'Change value 1',
      },
    ]);
  });

  it('finds option values apart from their labels, and questions and help texts', () => {
    expect(found('book consultation').map((h) => [h.where, h.control])).toEqual([
      [
        'Step “Are you ready to buy this service?”: option’s HubSpot value “No, Book Consultation First”',
        'Change value 2',
      ],
    ]);
    expect(found('accredited').map((h) => h.control)).toEqual(['Help text']);
  });

  it('finds step and ending ids', () => {
    expect(found('noCapital').map((h) => [h.where, h.stepId])).toEqual([
      ['Ending “We are sorry — all of our clients require working…”: id “noCapital”', undefined],
    ]);
    expect(
      found('capital')
        .filter((h) => h.where.includes(': id '))
        .map((h) => h.text),
    ).toEqual(['capital', 'Capital']);
  });

  it('finds HubSpot field names, with the card that maps them', () => {
    const [hit, ...rest] = found('what_is_your_email');
    expect(rest).toEqual([]);
    expect(hit).toMatchObject({
      where: 'HubSpot form “question”: field “what_is_your_email”',
      text: 'what_is_your_email',
      stepId: 'contact',
      control: 'HubSpot field for “E-mail address” in form question',
    });
    expect(found('utm_source')).toMatchObject([{ stepId: undefined }]);
  });

  it('finds nothing for words the flow does not hold, or blank words', () => {
    expect(found('zebra crossing')).toEqual([]);
    expect(found('   ')).toEqual([]);
  });
});
