import { guessName } from './did-you-mean';
import type { Diagnostic, ResolvedFlow } from './types';

/**
 * Checks between the flows of one folder (each file alone passed its own checks): a booking's
 * fallback flow is one of them, and not a booking itself, whose own contact form would be
 * asked again. Each problem is a diagnostic of the booking's file at `/booking/fallbackFlow`.
 */
export function checkFlowLinks(flows: Readonly<Record<string, ResolvedFlow>>): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const ids = Object.keys(flows);
  for (const flow of Object.values(flows)) {
    const fallback = flow.booking?.fallbackFlow;
    if (fallback === undefined) continue;
    const file = `${flow.id}.json`;
    const pointer = '/booking/fallbackFlow';
    const target = Object.hasOwn(flows, fallback) ? flows[fallback] : undefined;
    if (!target) {
      const guess = guessName(
        fallback,
        ids.filter((id) => id !== flow.id),
      );
      diagnostics.push({
        file,
        pointer,
        message: `The booking's fallback flow "${fallback}" is not a valid flow of this folder`,
        hint: `${guess.hint}Add ${fallback}.json, or name a flow that asks for a preferred day and time`,
        code: 'booking.fallback-unknown',
        args: { flow: fallback },
        ...(guess.fix && { fix: guess.fix }),
      });
    } else if (target.booking) {
      diagnostics.push({
        file,
        pointer,
        message: `The booking's fallback flow "${fallback}" is a booking itself`,
        hint: 'A fallback asks for a preferred day and time; remove its "booking", or name another flow',
        code: 'booking.fallback-is-booking',
        args: { flow: fallback },
      });
    }
  }
  return diagnostics;
}
