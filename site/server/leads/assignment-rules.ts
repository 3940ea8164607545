/**
 * Assignment rules, written as data (`LEADS_ASSIGN_RULES`, a JSON array): each names a flow, an
 * answer, or both, and whom its leads go to. The first rule that matches a new lead wins; a lead
 * no rule matches goes to the next staff member in turn. Read once at start: a rule that cannot
 * be read stops the site with the reason, rather than sending leads to the wrong person.
 */
import { z } from 'zod';

const ruleSchema = z
  .object({
    flow: z.string().min(1).optional(),
    answer: z
      .object({ key: z.string().min(1), is: z.union([z.string(), z.number(), z.boolean()]) })
      .strict()
      .optional(),
    assignTo: z.email().transform((address) => address.toLowerCase()),
  })
  .strict()
  .refine((rule) => rule.flow !== undefined || rule.answer !== undefined, {
    message: 'a rule needs "flow", "answer" or both',
  });

export type AssignmentRule = z.infer<typeof ruleSchema>;

export const assignmentRulesSchema = z.array(ruleSchema);

/** The rules in `text` (JSON); throws an error naming the rule and field that is wrong. */
export function parseAssignmentRules(text: string): AssignmentRule[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = assignmentRulesSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `at ${issue.path.join('.')}: ` : '';
  throw new Error(`${where}${issue?.message ?? 'is not a list of rules'}`);
}

/** Whom the first matching rule sends the lead to; undefined when no rule matches. */
export function ruleAssignee(
  rules: readonly AssignmentRule[],
  lead: { flowId: string; answers: unknown },
): string | undefined {
  const answers =
    typeof lead.answers === 'object' && lead.answers !== null
      ? (lead.answers as Record<string, unknown>)
      : {};
  return rules.find(
    (rule) =>
      (rule.flow === undefined || rule.flow === lead.flowId) &&
      (rule.answer === undefined || answers[rule.answer.key] === rule.answer.is),
  )?.assignTo;
}
