/**
 * The words the flow renderer writes on its own controls and endings (site/flows/step-frame.tsx,
 * choice-step-view.tsx, ending-view.tsx): one truth, which the renderer draws and a test case
 * (flow-cases.ts) quotes.
 */
export const RENDERER_WORDS = {
  next: 'Next',
  back: 'Back',
  seeAll: 'See all',
  checkout: (service: string) => `Checkout: ${service || 'your service'}`,
} as const;
