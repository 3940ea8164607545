/**
 * What a new flow starts from in the studio: the smallest flow the engine accepts, one step
 * asking an e-mail address, one ending, one submission sending it to HubSpot under a form key
 * named after the flow. A marketer grows it from there with the checks running.
 */

/** A flow id as schemas/flow.schema.json allows it. */
export const FLOW_ID_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

export function newFlowTemplate(flowId: string, title: string): string {
  const flow = {
    $schema: '../schemas/flow.schema.json',
    id: flowId,
    version: 1,
    title,
    progress: { mode: 'none' },
    steps: [
      {
        id: 'contact',
        kind: 'fields',
        fields: [{ name: 'email', type: 'email', label: 'Email' }],
        submitLabel: 'Send',
        next: 'done',
      },
    ],
    start: 'contact',
    endings: [
      {
        id: 'done',
        kind: 'screen',
        submits: true,
        heading: 'Thank you: an advisor will be in touch within one business day.',
      },
    ],
    hidden: ['utm'],
    submissions: [
      {
        formKey: flowId,
        fields: [{ name: 'email', objectTypeId: '0-1', value: { answer: 'email' } }],
      },
    ],
  };
  return `${JSON.stringify(flow, null, 2)}\n`;
}
