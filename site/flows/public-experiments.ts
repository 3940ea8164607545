/**
 * The public list of A/B tests the browser chooses a variant from (`GET /api/experiments`): only
 * what a visitor's browser needs, never who made a test or how it is doing.
 *
 *   {"experiments":[{"id":3,"path":"/","flow":"client","promoted":false,
 *     "variants":[{"key":"A","flow":"client","version":3,"weight":1,"start":"phase"},
 *                 {"key":"B","flow":"clientPrequal","version":1,"weight":1,"start":"amount"}]}]}
 *
 * The first variant is the control. A promoted test lists its winner alone and serves it to
 * every visit, untagged: the test is over.
 */
export const experimentsPath = '/api/experiments';

export interface PublicVariant {
  key: string;
  /** The flow it serves at the placement: the placed flow, or another questionnaire. */
  flow: string;
  version: number;
  weight: number;
  /** Its flow version's opening step, counted as seen when the visit swaps to it. */
  start: string;
}

export interface PublicExperiment {
  id: number;
  /** The page the placement is on (`location.pathname`). */
  path: string;
  /** The flow placed there. */
  flow: string;
  promoted: boolean;
  variants: PublicVariant[];
}

export interface PublicExperiments {
  experiments: PublicExperiment[];
}
