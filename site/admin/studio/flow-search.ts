/**
 * Search across a flow, for both views of the studio (studio-search.tsx): the words of every
 * question, help text, option (label and HubSpot value), step and ending id, field (name and
 * label) and HubSpot field name, matched without regard to case. Each hit says in words where it
 * is, holds the range of the text it matched (the JSON view selects it: jsonc-parser gives each
 * value's offset), and names the step and the control of its card that edits it (the visual view
 * focuses that). Pure and browser-safe.
 */
import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';
import { CONTACT_KEYS } from '@/engine/client';
import { short } from '../flows/flow-words';

export interface SearchHit {
  /** Where, in the marketer's words: `Step “What phase…?”: option label “Start-up”`. */
  where: string;
  /** The matched range of the text (offsets). */
  from: number;
  to: number;
  /** The step whose card edits it; undefined when only the JSON view shows it (an ending). */
  stepId?: string;
  /** The visible label of the card's control that edits it, when it has one of its own. */
  control?: string;
}

/** What a contact step's HubSpot rows call its three answers (visual-items.tsx). */
const CONTACT_NAMES: Record<(typeof CONTACT_KEYS)[number], string> = {
  full_name: 'Full name',
  phone: 'Phone number',
  email: 'E-mail address',
};

const quoted = (words: string) => `“${short(words, 50)}”`;

/** A string value of the tree at `path`, if there is one. */
function stringAt(node: Node | undefined, path: (string | number)[]): Node | undefined {
  const found = node && findNodeAtLocation(node, path);
  return found?.type === 'string' && typeof found.value === 'string' ? found : undefined;
}

const items = (node: Node | undefined, path: (string | number)[]): Node[] => {
  const found = node && findNodeAtLocation(node, path);
  return found?.type === 'array' ? (found.children ?? []) : [];
};

/** Every hit of `query` in the flow's text, in the order of the text; none for blank words. */
export function searchFlow(text: string, query: string): SearchHit[] {
  const words = query.trim().toLowerCase();
  const root = words ? parseTree(text) : undefined;
  if (!root || root.type !== 'object') return [];
  const hits: SearchHit[] = [];

  function look(
    node: Node | undefined,
    where: (value: string) => string,
    stepId?: string,
    control?: string,
  ) {
    if (!node) return;
    const value = node.value as string;
    const at = value.toLowerCase().indexOf(words);
    if (at < 0) return;
    // The range of the words matched when the text holds the value as it reads (no escapes);
    // else the whole value.
    const inner = node.offset + 1;
    const plain = text.slice(inner, node.offset + node.length - 1) === value;
    const from = plain ? inner + at : inner;
    const to = plain ? from + words.length : node.offset + node.length - 1;
    hits.push({ where: where(value), from, to, stepId, ...(control && { control }) });
  }

  /** What each answer key's HubSpot row is called in its step's card, by key. */
  const rows = new Map<string, { stepId: string; name: string }>();

  items(root, ['steps']).forEach((step) => {
    const id = stringAt(step, ['id'])?.value as string | undefined;
    if (id === undefined) return;
    const question = stringAt(step, ['question'])?.value as string | undefined;
    const kind = stringAt(step, ['kind'])?.value as string | undefined;
    const title = question ?? id;
    const inStep = (what: string) => (value: string) =>
      `Step ${quoted(title)}: ${what} ${quoted(value)}`;
    look(stringAt(step, ['id']), inStep('id'), id, 'Question');
    look(stringAt(step, ['question']), inStep('question'), id, 'Question');
    look(stringAt(step, ['leadIn']), inStep('help text'), id, 'Help text');
    if (kind === 'choice') rows.set(id, { stepId: id, name: title });
    if (kind === 'contact')
      for (const key of CONTACT_KEYS) rows.set(key, { stepId: id, name: CONTACT_NAMES[key] });
    look(stringAt(step, ['options']), inStep('shared list'), id);
    items(step, ['options']).forEach((option, j) => {
      const n = j + 1;
      if (option.type === 'string') return look(option, inStep('option'), id, `Option ${n} label`);
      look(stringAt(option, ['label']), inStep('option label'), id, `Option ${n} label`);
      look(stringAt(option, ['value']), inStep('option’s HubSpot value'), id, `Change value ${n}`);
      look(stringAt(option, ['list']), inStep('shared list'), id);
    });
    items(step, ['fields']).forEach((field, k) => {
      const control = `Field ${k + 1} label`;
      const name = stringAt(field, ['name'])?.value as string | undefined;
      const label = stringAt(field, ['label'])?.value as string | undefined;
      if (name !== undefined) rows.set(name, { stepId: id, name: label ?? name });
      look(stringAt(field, ['label']), inStep('field label'), id, control);
      look(stringAt(field, ['name']), inStep('field name'), id, control);
      items(field, ['options']).forEach((option) => {
        look(
          option.type === 'string' ? option : stringAt(option, ['label']),
          inStep('field option'),
          id,
          control,
        );
        look(stringAt(option, ['value']), inStep('field option’s HubSpot value'), id, control);
      });
    });
  });

  items(root, ['endings']).forEach((ending) => {
    const id = stringAt(ending, ['id'])?.value as string | undefined;
    if (id === undefined) return;
    const heading = stringAt(ending, ['heading'])?.value as string | undefined;
    const inEnding = (what: string) => (value: string) =>
      `Ending ${quoted(heading ?? id)}: ${what} ${quoted(value)}`;
    look(stringAt(ending, ['id']), inEnding('id'));
    look(stringAt(ending, ['heading']), inEnding('heading'));
  });

  items(root, ['submissions']).forEach((submission) => {
    const formKey = (stringAt(submission, ['formKey'])?.value as string | undefined) ?? '';
    items(submission, ['fields']).forEach((field) => {
      const answer = stringAt(field, ['value', 'answer'])?.value as string | undefined;
      const row = answer === undefined ? undefined : rows.get(answer);
      look(
        stringAt(field, ['name']),
        (value) => `HubSpot form ${quoted(formKey)}: field ${quoted(value)}`,
        row?.stepId,
        row && `HubSpot field for “${row.name}” in form ${formKey}`,
      );
    });
  });

  return hits.sort((a, b) => a.from - b.from);
}
