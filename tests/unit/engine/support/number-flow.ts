/**
 * A loan request asking an amount (USD, $1,000 to $5,000,000), the years in business (a plain
 * whole number, optional) and an e-mail address, sending all three to HubSpot: the number
 * fields as a marketer writes them, for the engine's, the renderer's and the lead endpoint's
 * tests. `edit` changes the amount field's settings.
 */
export const NUMBER_FLOW_ID = 'loanRequest';

export function numberFlowData(edit: (amount: Record<string, unknown>) => void = () => {}) {
  const amount: Record<string, unknown> = {
    name: 'loan_amount',
    type: 'number',
    label: 'Loan amount',
    format: 'currency',
    currency: 'USD',
    min: 1000,
    max: 5000000,
  };
  edit(amount);
  return {
    $schema: '../schemas/flow.schema.json',
    id: NUMBER_FLOW_ID,
    version: 1,
    title: 'Loan request',
    start: 'loan',
    steps: [
      {
        id: 'loan',
        kind: 'fields',
        question: 'How much would you like to borrow?',
        fields: [
          amount,
          {
            name: 'years_in_business',
            type: 'number',
            label: 'Time in business',
            unit: 'years',
            step: 1,
            max: 100,
            required: false,
          },
          { name: 'email', type: 'email', label: 'Email' },
        ],
        submitLabel: 'Send',
        next: 'thanks',
      },
    ],
    endings: [
      {
        id: 'thanks',
        kind: 'screen',
        submits: true,
        heading: 'Thank you',
        body: ['An advisor will call you.'],
      },
    ],
    submissions: [
      {
        formKey: 'loan',
        fields: [
          { name: 'loan_amount', objectTypeId: '0-1', value: { answer: 'loan_amount' } },
          {
            name: 'years_in_business',
            objectTypeId: '0-1',
            value: { answer: 'years_in_business' },
          },
          { name: 'email', objectTypeId: '0-1', value: { answer: 'email' } },
        ],
      },
    ],
  };
}

export function numberFlowText(edit?: (amount: Record<string, unknown>) => void): string {
  return JSON.stringify(numberFlowData(edit), null, 2);
}
