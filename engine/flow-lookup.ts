import { indexFlow } from './flow-walk';
import type { ResolvedEnding, ResolvedFlow, ResolvedStep } from './types';

export function findStep(flow: ResolvedFlow, id: string): ResolvedStep | undefined {
  return indexFlow(flow).steps.get(id);
}

export function findEnding(flow: ResolvedFlow, id: string): ResolvedEnding | undefined {
  return indexFlow(flow).endings.get(id);
}

/** The site URL a redirect ending goes to, e.g. `/book-consult?from=home-question`. */
export function endingHref(ending: ResolvedEnding): string | undefined {
  if (ending.kind !== 'redirect') return undefined;
  const query = new URLSearchParams(ending.query).toString();
  return query ? `${ending.path}?${query}` : ending.path;
}
