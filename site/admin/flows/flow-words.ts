/**
 * The few words the back office's flow views (the funnel page, the flow studio) write about
 * flows and counts, written once for all their parts.
 */
import type { ResolvedEnding, ResolvedStep } from '@/engine/client';

/** The text cut to `max` characters, with an ellipsis when cut. */
export function short(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** A count and its word, with an s unless one: "1 step", "3 errors". */
export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** "1 visitor" / "3 visitors". */
export function visitors(count: number): string {
  return plural(count, 'visitor');
}

/** The ending's kind in a few words: `checkout, submits`, `screen`, `redirect /book-consult`. */
export function endingKind(ending: ResolvedEnding): string {
  const what = ending.kind === 'redirect' ? `redirect ${ending.path}` : ending.kind;
  return ending.submits ? `${what}, submits` : what;
}

/** What a step asks for, in a few words: `one of 5 options`, `contact: full_name, email, phone`. */
export function stepAnswers(step: ResolvedStep): string {
  if (step.kind === 'choice') {
    return `${step.multiple ? 'some' : 'one'} of ${step.options.length} options`;
  }
  return `${step.kind}: ${step.fields.map((f) => f.name).join(', ')}`;
}

/** One answer as a person reads it: several values joined, a box ticked or not. */
export function answerText(answer: string | string[] | boolean): string {
  if (typeof answer === 'boolean') return answer ? 'ticked' : 'not ticked';
  return typeof answer === 'string' ? answer : answer.join(', ');
}
