/**
 * A lead's answers as the visitor saw the questions: the steps its answers lead through (the
 * engine's walkAnswers), each with the question and the answer in the option labels the visitor
 * read, a form step's fields with their labels, an upload as a link to the stored file.
 */
import { visibleFields, walkAnswers, type Answers, type ResolvedFlow } from '@/engine/client';

export interface AnswerRow {
  /** The step's question (a form step's heading), then each field's label. */
  question: string;
  answer: string;
  /** An uploaded file's download link. */
  href?: string;
}

/** An answer row with what it answers: the name in the lead's answers and the stored value. */
export interface AnswerEntry extends AnswerRow {
  /** A choice step's id, or a form field's name. */
  field: string;
  /** The answer as stored (option values, not labels); undefined when not answered. */
  value: Answers[string] | undefined;
}

const LIST = ', ';

function labelled(
  options: { label: string; value: string }[] | undefined,
  value: Answers[string] | undefined,
  list: string,
): string {
  const label = (v: string) => options?.find((o) => o.value === v)?.label ?? v;
  if (Array.isArray(value)) return value.map(label).join(list);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return value === undefined || value === '' ? '—' : label(value);
}

export function answerRows(
  flow: ResolvedFlow,
  answers: Answers,
  fileLinks: Record<string, string> = {},
): { step: string; heading: string; rows: AnswerRow[] }[] {
  return answerEntries(flow, answers, fileLinks).map((group) => ({
    ...group,
    rows: group.rows.map(({ field: _field, value: _value, ...row }) => row),
  }));
}

/**
 * `answerRows` with each row's field name and stored value (what a webhook receives). `list`
 * joins a multiple choice's labels (the CSV export joins them with "; ": labels hold commas).
 */
export function answerEntries(
  flow: ResolvedFlow,
  answers: Answers,
  fileLinks: Record<string, string> = {},
  list = LIST,
): { step: string; heading: string; rows: AnswerEntry[] }[] {
  return walkAnswers(flow, answers).steps.flatMap((id) => {
    const step = flow.steps.find((s) => s.id === id);
    if (!step) return [];
    if (step.kind === 'choice') {
      return [
        {
          step: id,
          heading: step.question,
          rows: [
            {
              field: id,
              value: answers[id],
              question: step.question,
              answer: labelled(step.options, answers[id], list),
            },
          ],
        },
      ];
    }
    const rows = visibleFields(step.fields, answers).map((field) => {
      const value = answers[field.name];
      const href = field.type === 'file' ? fileLinks[field.name] : undefined;
      return {
        field: field.name,
        value,
        question: field.label,
        answer: labelled(field.options, value, list),
        ...(href && value ? { href } : {}),
      };
    });
    return [{ step: id, heading: step.question || 'Contact details', rows }];
  });
}
