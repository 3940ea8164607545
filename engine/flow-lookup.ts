import { indexFlow } from './flow-walk';
import type {
  ResolvedChoiceStep,
  ResolvedEnding,
  ResolvedField,
  ResolvedFieldsStep,
  ResolvedFlow,
  ResolvedStep,
} from './types';

export function findStep(flow: ResolvedFlow, id: string): ResolvedStep | undefined {
  return indexFlow(flow).steps.get(id);
}

export function findEnding(flow: ResolvedFlow, id: string): ResolvedEnding | undefined {
  return indexFlow(flow).endings.get(id);
}

/**
 * Where an answer key is asked: the choice step of that id, else the first form step with a
 * field of that name (and the field). What a submission's `{"answer"}` reads.
 */
export function findAnswer(
  flow: ResolvedFlow,
  key: string,
):
  | { step: ResolvedChoiceStep; field?: undefined }
  | { step: ResolvedFieldsStep; field: ResolvedField }
  | undefined {
  const choice = findStep(flow, key);
  if (choice?.kind === 'choice') return { step: choice };
  for (const step of flow.steps) {
    if (step.kind === 'choice') continue;
    const field = step.fields.find((f) => f.name === key);
    if (field) return { step, field };
  }
  return undefined;
}

/** The site URL a redirect ending goes to, e.g. `/book-consult?from=home-question`. */
export function endingHref(ending: ResolvedEnding): string | undefined {
  if (ending.kind !== 'redirect') return undefined;
  const query = new URLSearchParams(ending.query).toString();
  return query ? `${ending.path}?${query}` : ending.path;
}

/**
 * The flow's upload fields (`type: "file"`), in step order. Their answers are file names: the
 * browser keeps the files beside the answers, the server stores them and sends their links.
 */
export function uploadFields(flow: ResolvedFlow): ResolvedField[] {
  return flow.steps
    .flatMap((s) => (s.kind === 'choice' ? [] : s.fields))
    .filter((f) => f.type === 'file');
}
