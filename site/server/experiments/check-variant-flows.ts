/**
 * Whether each variant of a new A/B test can be served at its placement: its flow is published
 * (the catalogue has it), its version is one of that flow's published versions, and the flow is a
 * questionnaire, not a booking. A booking's contact form brings its own island (the scheduler,
 * then its fallback flow), which a questionnaire's placement does not host, so it is refused with
 * that reason. The placed flow itself is checked by the caller (it must sit on the page).
 */
import type { ResolvedFlow } from '@/engine';

export interface VariantProblem {
  /** The form field at fault: `flow-B`, `version-C` … */
  field: string;
  message: string;
}

export interface VariantToCheck {
  key: string;
  /** None: the placed flow. */
  flow?: string;
  version: number;
}

export async function checkVariantFlows(
  placed: string,
  variants: readonly VariantToCheck[],
  newest: (flowId: string) => ResolvedFlow | undefined,
  flowAt: (flowId: string, version: number) => Promise<ResolvedFlow | undefined>,
): Promise<VariantProblem | undefined> {
  for (const variant of variants) {
    const flowId = variant.flow ?? placed;
    const booking = (flow: ResolvedFlow | undefined): VariantProblem | undefined =>
      flow?.booking && {
        field: `flow-${variant.key}`,
        message:
          `Variant ${variant.key}: ${flowId} is a booking (a contact form that opens the ` +
          `scheduler or ${flow.booking.fallbackFlow}), which a questionnaire's place on a page ` +
          'cannot serve; choose a questionnaire',
      };
    const current = newest(flowId);
    if (!current) {
      return {
        field: `flow-${variant.key}`,
        message: `Variant ${variant.key}: ${flowId} is not a published questionnaire`,
      };
    }
    const refused = booking(current);
    if (refused) return refused;
    const served = await flowAt(flowId, variant.version);
    if (!served) {
      return {
        field: `version-${variant.key}`,
        message: `Variant ${variant.key}: ${flowId} has no published version ${variant.version}`,
      };
    }
    const refusedThen = booking(served);
    if (refusedThen) return refusedThen;
  }
  return undefined;
}
