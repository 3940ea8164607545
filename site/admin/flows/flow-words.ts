/** The few words the funnel view writes about flows and counts, written once for all its parts. */
import type { ResolvedEnding } from '@/engine';

/** The text cut to `max` characters, with an ellipsis when cut. */
export function short(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** "1 visitor" / "3 visitors". */
export function visitors(count: number): string {
  return `${count} visitor${count === 1 ? '' : 's'}`;
}

/** The ending's kind in a few words: `checkout, submits`, `screen`, `redirect /book-consult`. */
export function endingKind(ending: ResolvedEnding): string {
  const what = ending.kind === 'redirect' ? `redirect ${ending.path}` : ending.kind;
  return ending.submits ? `${what}, submits` : what;
}

/** One answer as a person reads it: several values joined, a box ticked or not. */
export function answerText(answer: string | string[] | boolean): string {
  if (typeof answer === 'boolean') return answer ? 'ticked' : 'not ticked';
  return typeof answer === 'string' ? answer : answer.join(', ');
}
