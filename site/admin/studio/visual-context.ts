/**
 * What every card of the visual editor reads: the text and how to change it, the flow as written
 * and as it last loaded, HubSpot's forms, and the choices its dropdowns offer (the steps and
 * endings a rule can go to, the answers and options a test can read), found once per text.
 */
import type { HubSpotForms, RawFlow, RawStep, ResolvedFlow } from '@/engine/client';
import { optionParts } from './visual-item-edits';

export interface Choice {
  id: string;
  label: string;
}

export interface AnswerChoice extends Choice {
  options: { label: string; value: string }[];
}

export interface VisualContext {
  text: string;
  change: (text: string) => void;
  raw: RawFlow;
  /** The flow as it last loaded (shared option lists resolved), for options and visitor order. */
  flow?: ResolvedFlow;
  hubspotForms: HubSpotForms;
  /** The data of each shared option list, by id (a template's step asks from one). */
  optionLists?: Record<string, unknown>;
  /** The steps and endings a visitor can be sent to. */
  targets: Choice[];
  /** The choice steps' answers, with their options (a test reads one). */
  answers: AnswerChoice[];
}

/** What a part of a step's card is given: the context, the step, and its index in the file. */
export interface StepProps {
  ctx: VisualContext;
  step: RawStep;
  at: number;
}

const short = (words: string) => (words.length > 60 ? `${words.slice(0, 57)}…` : words);

export function visualContext(
  base: Pick<VisualContext, 'text' | 'change' | 'raw' | 'flow' | 'hubspotForms' | 'optionLists'>,
): VisualContext {
  const { raw, flow } = base;
  const targets: Choice[] = [
    ...raw.steps.map((s) => ({ id: s.id, label: `Step: ${short(s.question ?? s.id)}` })),
    ...(raw.endings ?? []).map((e) => ({
      id: e.id,
      label: `Ending: ${short(e.heading ?? e.id)}${e.submits ? ' (sends the lead)' : ''}`,
    })),
  ];
  const answers: AnswerChoice[] = raw.steps
    .filter((s) => s.kind === 'choice')
    .map((s) => {
      const loaded = flow?.steps.find((x) => x.id === s.id);
      const options =
        loaded?.kind === 'choice'
          ? loaded.options
          : Array.isArray(s.options)
            ? s.options.flatMap((o) =>
                typeof o === 'object' && 'list' in o ? [] : [optionParts(o)],
              )
            : [];
      return { id: s.id, label: short(s.question ?? s.id), options };
    });
  return { ...base, targets, answers };
}
