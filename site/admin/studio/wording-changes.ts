/**
 * The words visitors read that a new version changes, before → after, grouped by where they are
 * read: the flow as a whole (its title, headings, lead-in, reassurance), each step kept by both
 * versions (its question, lead-in, submit button, and each kept field's label, placeholder and
 * message when empty) and each screen ending kept by both (heading, paragraphs, link and button
 * labels). Options are not here: an option's label is its step's options' business
 * (change-summary.ts: relabelled, or reworded when its text is its value).
 */
import type { ResolvedEnding, ResolvedFlow, ResolvedStep } from '@/engine/client';

/** One text, as both versions have it; `''` where a version has none. */
export interface TextChange {
  /** What the text is, in a marketer's words: `question`, `field "email" label`, `paragraph 2`. */
  what: string;
  from: string;
  to: string;
}

/** The texts that changed in one place: the flow (its id), a step or an ending (theirs). */
export interface WordingChanges {
  scope: 'flow' | 'step' | 'ending';
  id: string;
  changes: TextChange[];
}

type Collect = (what: string, from: string | undefined, to: string | undefined) => void;

function collector(): { changes: TextChange[]; text: Collect } {
  const changes: TextChange[] = [];
  const text: Collect = (what, from = '', to = '') => {
    if (from !== to) changes.push({ what, from, to });
  };
  return { changes, text };
}

function stepTexts(before: ResolvedStep, after: ResolvedStep, text: Collect) {
  text('question', before.question, after.question);
  text('lead-in', before.leadIn, after.leadIn);
  if (before.kind === 'choice' || after.kind === 'choice') return;
  text('submit button', before.submitLabel, after.submitLabel);
  for (const field of after.fields) {
    const old = before.fields.find((f) => f.name === field.name);
    if (!old) continue;
    const name = `field "${field.name}"`;
    text(`${name} label`, old.label, field.label);
    text(`${name} placeholder`, old.placeholder, field.placeholder);
    text(`${name} message when empty`, old.requiredMessage, field.requiredMessage);
  }
}

/** Each item's text by position (`paragraph 1`, `paragraph 2` …), items added or removed too. */
function itemTexts(noun: string, before: string[], after: string[], text: Collect) {
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    text(`${noun} ${i + 1}`, before[i], after[i]);
  }
}

function endingTexts(before: ResolvedEnding, after: ResolvedEnding, text: Collect) {
  // A redirect or a checkout shows no words of its own.
  if (before.kind !== 'screen' || after.kind !== 'screen') return;
  text('heading', before.heading, after.heading);
  itemTexts('paragraph', before.body, after.body, text);
  const labels = (items: { label: string }[]) => items.map((item) => item.label);
  itemTexts('link', labels(before.links), labels(after.links), text);
  itemTexts('button', labels(before.buttons), labels(after.buttons), text);
}

export function wordingChanges(before: ResolvedFlow, after: ResolvedFlow): WordingChanges[] {
  const out: WordingChanges[] = [];
  const flow = collector();
  flow.text('title', before.title, after.title);
  flow.text('page heading', before.pageHeading, after.pageHeading);
  flow.text('heading', before.heading, after.heading);
  flow.text('lead-in', before.leadIn, after.leadIn);
  flow.text('reassurance', before.reassurance, after.reassurance);
  if (flow.changes.length > 0) out.push({ scope: 'flow', id: after.id, changes: flow.changes });
  for (const step of after.steps) {
    const old = before.steps.find((s) => s.id === step.id);
    if (!old) continue;
    const { changes, text } = collector();
    stepTexts(old, step, text);
    if (changes.length > 0) out.push({ scope: 'step', id: step.id, changes });
  }
  for (const ending of after.endings) {
    const old = before.endings.find((e) => e.id === ending.id);
    if (!old) continue;
    const { changes, text } = collector();
    endingTexts(old, ending, text);
    if (changes.length > 0) out.push({ scope: 'ending', id: ending.id, changes });
  }
  return out;
}
