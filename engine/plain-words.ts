import type { Diagnostic, DiagnosticArgs, DiagnosticCode } from './types';

/*
 * Each diagnostic in a marketer's words, by its code: what the flow studio shows, while the CLI
 * keeps `message` and `hint` (the JSON names, the file, the pointer). The words name steps,
 * answers and options as the studio shows them, never a property, a pattern, a file name or a
 * byte count. A diagnostic without a code (HubSpot's findings, the studio's own warnings) is
 * already in these words and comes back as it is. Browser-safe: no imports but types.
 */

/** A diagnostic's message and hint for the studio. */
export interface PlainWords {
  message: string;
  hint: string;
}

type Words = (a: Args, d: Diagnostic) => PlainWords;

/** The args of a diagnostic, read as texts or lists whatever was stored. */
class Args {
  constructor(private readonly args: DiagnosticArgs) {}
  text(key: string): string {
    const value = this.args[key];
    return Array.isArray(value) ? value.join(', ') : (value ?? '');
  }
  list(key: string): string[] {
    const value = this.args[key];
    return Array.isArray(value) ? value : value === undefined ? [] : [value];
  }
  has(key: string): boolean {
    return this.args[key] !== undefined;
  }
}

const q = (word: string) => `"${word}"`;
const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** `"a"`, `"a" and "b"`, `"a", "b" and "c"`. */
const quoted = (words: string[]) => and(words.map(q));
const and = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
const path = (steps: string[]) => steps.join(' → ');
/** "Did you mean "x"? " when a check found the name that was surely meant (the diagnostic's fix). */
const meant = (a: Args, then = '') =>
  a.has('meant') ? `Did you mean ${q(a.text('meant'))}?${then && ` ${then}`}` : then;
/** "Did you mean "x"? Otherwise …", or what to do alone when no name was meant. */
const meantElse = (a: Args, todo: string) =>
  a.has('meant') ? meant(a, `Otherwise ${todo.charAt(0).toLowerCase()}${todo.slice(1)}`) : todo;
const chooseFrom = (a: Args, key: string) =>
  a.list(key).length > 0 ? `Choose one of: ${a.list(key).join(', ')}` : '';
const plural = (n: string, noun: string) => `${n} ${noun}${n === '1' ? '' : 's'}`;

/** A property of a flow in the studio's words: [the noun, with its article]. */
const PROPERTIES: Record<string, [string, string]> = {
  id: ['id', 'an id'],
  question: ['question', 'a question'],
  help: ['help text', 'a help text'],
  kind: ['kind', 'a kind'],
  next: ['next step', 'a next step'],
  otherwise: ['"otherwise" step', 'an "otherwise" step'],
  to: ['step to go to', 'a step to go to'],
  start: ['first step', 'a first step'],
  label: ['label', 'a label'],
  name: ['name', 'a name'],
  type: ['type', 'a type'],
  options: ['options', 'options'],
  fields: ['fields', 'fields'],
  steps: ['steps', 'steps'],
  endings: ['endings', 'endings'],
  submissions: ['forms sent to HubSpot', 'a form sent to HubSpot'],
  formKey: ['form key', 'a form key'],
  title: ['title', 'a title'],
  heading: ['heading', 'a heading'],
  body: ['text', 'a text'],
  placeholder: ['placeholder', 'a placeholder'],
  requiredMessage: ['message when empty', 'a message when empty'],
  required: ['"required" setting', 'a "required" setting'],
  when: ['condition', 'a condition'],
  branches: ['branches', 'branches'],
  value: ['value', 'a value'],
  href: ['address', 'an address'],
  path: ['page', 'a page'],
  accept: ['file types', 'file types'],
  maxBytes: ['largest file size', 'a largest file size'],
  legalConsent: ['consent it records', 'a consent'],
  objectTypeId: ['HubSpot record type', 'a HubSpot record type'],
  whenNotAsked: ['value sent when not asked', 'a value sent when not asked'],
  progress: ['progress counter', 'a progress counter'],
  total: ['number of questions', 'a number of questions'],
  mode: ['way of counting', 'a way of counting'],
  submits: ['"sends the lead" setting', 'a "sends the lead" setting'],
  hidden: ['hidden values', 'hidden values'],
  answer: ['answer', 'an answer'],
  equals: ['option it must be', 'an option it must be'],
  oneOf: ['options it may be', 'options it may be'],
  list: ['shared list', 'a shared list'],
  links: ['links', 'links'],
  buttons: ['buttons', 'buttons'],
  service: ['service', 'a service'],
  booking: ['booking', 'a booking'],
  fallbackFlow: ['flow to fall back to', 'a flow to fall back to'],
  mask: ['input mask', 'an input mask'],
  min: ['smallest number', 'a smallest number'],
  max: ['largest number', 'a largest number'],
  step: ['step', 'a step'],
  format: ['format', 'a format'],
  currency: ['currency', 'a currency'],
  unit: ['unit', 'a unit'],
  multiple: ['"several answers" setting', 'a "several answers" setting'],
  version: ['version', 'a version'],
};

/** One of a list property's items, for "needs at least 2 options". */
const ITEMS: Record<string, string> = {
  options: 'option',
  steps: 'step',
  endings: 'ending',
  fields: 'field',
  branches: 'branch',
  submissions: 'form',
  links: 'link',
  buttons: 'button',
  accept: 'file type',
  legalConsent: 'consent',
  all: 'condition',
  any: 'condition',
  oneOf: 'option',
};

/** A property without an entry above: `fallbackFlow` → "fallback flow". */
const words = (property: string): [string, string] =>
  PROPERTIES[property] ?? [
    property.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase(),
    `a ${property.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}`,
  ];

/** How a schema pattern reads: what the value may hold. Keyed by the schemas' own patterns. */
const PATTERNS: Record<string, string> = {
  '^[A-Za-z][A-Za-z0-9_]*$': 'may use only letters, digits and _, and must start with a letter',
  '^[A-Za-z][A-Za-z0-9_-]*$': 'may use only letters, digits, _ and -, and must start with a letter',
  '^[A-Za-z0-9_{}]+$': 'may use only letters, digits, _ and a {brandSlug} placeholder',
  '^(/|https://)':
    'must be a page of the site (starting with /) or an address starting with https://',
  '^/[^?#]*$': 'must be a page of the site, starting with / and without ? or #',
  '^\\.[a-z0-9]+$': 'must be a file extension such as .pdf, in small letters',
  '^[A-Z]{3}$': 'must be a currency code of three capital letters, such as USD',
};

const TYPES: Record<string, string> = {
  string: 'a text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'yes or no (true or false)',
  array: 'a list',
  object: 'a group of settings',
  null: 'empty',
};

/** What to write instead, for the properties whose shape is not one value. */
const SHAPES: Record<string, string> = {
  next: 'Choose the step or ending that comes next, or branches with an "otherwise"',
  when: 'A condition names an answer and whether it is an option, one of several options, or empty; or it groups conditions with AND, OR or NOT',
  value: 'Send an answer, a fixed value, the transcript, a file or a hidden value',
  options:
    'Give each option a label (and a value if HubSpot needs another), or choose a shared list',
  hidden: 'Name each hidden value, or the UTM set',
};

/** The item a pointer ends in or passes through last, in words: `field "email" of step "contact"`. */
function owner(d: Diagnostic, a: Args): string {
  const nouns = ['field', 'option', 'branch', 'link', 'button', 'step', 'ending', 'form'] as const;
  const named = (noun: string) =>
    a.has(noun)
      ? `${noun} ${q(a.text(noun))}`
      : a.has(`${noun}Number`)
        ? `${noun} ${a.text(`${noun}Number`)}`
        : '';
  const chain = nouns.map(named).filter(Boolean);
  if (chain.length === 0) return d.file.startsWith('options/') ? 'the list' : 'the flow';
  return chain.slice(0, 2).join(' of ');
}

/** What a schema diagnostic is about: the item itself, or one of its properties. */
function subject(d: Diagnostic, a: Args): string {
  const last = d.pointer.split('/').at(-1) ?? '';
  if (/^\d+$/.test(last) || !a.has('property')) return owner(d, a);
  const property = a.text('property');
  if (property === 'id' && owner(d, a) === 'the list') return 'the id of the list';
  // A form's field is named after HubSpot's, not after an answer.
  const noun = property === 'name' && a.has('form') ? 'HubSpot name' : words(property)[0];
  return `the ${noun} of ${owner(d, a)}`;
}

/** A value the visitor must not leave empty and must be written a certain way. */
function patternWords(d: Diagnostic, a: Args): PlainWords {
  const rule = PATTERNS[a.text('pattern')] ?? 'is not written the way it must be';
  const value = a.has('value') ? `${q(a.text('value'))} cannot be used` : 'This cannot be used';
  return { message: `${cap(subject(d, a))} ${rule}`, hint: `${value}: change it` };
}

const syntax =
  (message: string, hint: string): Words =>
  () => ({
    message: `The text cannot be read here: ${message}`,
    hint,
  });

const CONSENT: Record<string, string> = {
  processing: "consent to process the visitor's data",
  communication: 'a subscription to your e-mails',
};

const CONTACT: Record<string, string> = {
  full_name: 'full name',
  phone: 'phone number',
  email: 'e-mail address',
};

const anotherSite = (host: string) =>
  `Link to a page of this site, or ask a developer to let flows send visitors to ${host}`;

const WORDS: Record<DiagnosticCode, Words> = {
  // The text itself.
  'syntax.unclosed': syntax(
    'a block is never closed',
    'Add the missing closing bracket where that block ends',
  ),
  'syntax.double-comma': syntax('two commas in a row', 'Remove one of them'),
  'syntax.trailing-comma': syntax(
    'a comma with nothing after it',
    'Remove this comma: nothing may follow the last item of a list',
  ),
  'syntax.comma-expected': syntax(
    'a comma is missing after this value',
    'Add "," here: the items of a list are separated by commas',
  ),
  'syntax.close-expected': syntax(
    'a comma or a closing bracket is missing after this value',
    'Add "," between two items, or close the block',
  ),
  'syntax.colon-expected': syntax('a ":" is missing after the name', 'Write "name": value'),
  'syntax.name-expected': syntax('a name in double quotes is missing', 'Write "name": value'),
  'syntax.value-expected': syntax(
    'a value is missing',
    'Write a "text" in double quotes, a number, true, false, {…} or […]',
  ),
  'syntax.end-expected': syntax(
    'something follows the end of the text',
    'Remove what follows, or an extra closing bracket before it',
  ),
  'syntax.text-unclosed': syntax('a text is never closed', 'Add the closing double quote'),
  'syntax.unexpected': syntax(
    'a character that does not belong here',
    'Check the quotes and commas here; notes (comments) are not allowed',
  ),
  'file.unreadable': () => ({ message: 'This flow could not be read', hint: 'Reload the page' }),
  'folder.empty': () => ({ message: 'There are no flows yet', hint: 'Create a flow' }),

  // The shape of the flow (its JSON Schema).
  'schema.missing-property': (a, d) => {
    const [, some] = words(a.text('property'));
    return { message: `${cap(owner(d, a))} needs ${some}`, hint: `Add ${some} to ${owner(d, a)}` };
  },
  'schema.unknown-property': (a, d) => ({
    message: `${cap(owner(d, a))} has a setting the flow does not know: ${q(a.text('property'))}`,
    hint: a.has('meant') ? meantElse(a, 'Remove it') : 'Remove it, or check its spelling',
  }),
  'schema.unknown-kind': (a, d) => ({
    message: `${cap(subject(d, a))} cannot be ${q(a.text('value'))}`,
    hint: meant(a, chooseFrom(a, 'allowed')),
  }),
  'schema.kind-not-text': (a, d) => ({
    message: `${cap(owner(d, a))} needs ${words(a.text('property'))[1]}`,
    hint: chooseFrom(a, 'allowed'),
  }),
  'schema.not-allowed': (a, d) => ({
    message: a.has('value')
      ? `${cap(subject(d, a))} cannot be ${q(a.text('value'))}`
      : `${cap(subject(d, a))} is not one of the choices`,
    hint: chooseFrom(a, 'allowed'),
  }),
  'schema.pattern': (a, d) => patternWords(d, a),
  'schema.type': (a, d) => {
    const type = a
      .text('type')
      .split(',')
      .map((t) => TYPES[t] ?? t)
      .join(' or ');
    return {
      message: `${cap(subject(d, a))} must be ${type}`,
      hint: SHAPES[a.text('property')] ?? `Write ${type} here`,
    };
  },
  'schema.empty': (a, d) => ({
    message: `${cap(subject(d, a))} is empty`,
    hint: 'Write something here, or remove it',
  }),
  'schema.too-short': (a, d) => ({
    message: `${cap(subject(d, a))} is too short`,
    hint: `Write at least ${plural(a.text('limit'), 'character')}`,
  }),
  'schema.too-long': (a, d) => ({
    message: `${cap(subject(d, a))} is too long`,
    hint: `Keep it to ${plural(a.text('limit'), 'character')} at most`,
  }),
  'schema.too-few': (a, d) => {
    const item = ITEMS[a.text('property')] ?? 'item';
    return {
      message: `${cap(owner(d, a))} needs at least ${plural(a.text('limit'), item)}`,
      hint: `Add ${item === 'item' ? 'one' : `a ${item}`}`,
    };
  },
  'schema.too-small': (a, d) => ({
    message: `${cap(subject(d, a))} is too small`,
    hint: `Give at least ${a.text('limit')}`,
  }),
  'schema.too-large': (a, d) => ({
    message: `${cap(subject(d, a))} is too large`,
    hint: `Give at most ${a.text('limit')}`,
  }),
  'schema.const': (a, d) => ({
    message: `${cap(subject(d, a))} can only be ${q(a.text('allowed'))}`,
    hint: `Write ${q(a.text('allowed'))}`,
  }),
  'schema.repeated': (a, d) => ({
    message: `${cap(subject(d, a))} lists the same thing twice`,
    hint: 'Remove the repeat',
  }),
  'schema.no-form': (a, d) => ({
    message: `${cap(subject(d, a))} is not written in a way the flow understands`,
    hint:
      SHAPES[a.text('property')] ??
      'Compare it with the same setting elsewhere, or undo the last change',
  }),
  'schema.invalid': (a, d) => ({
    message: `${cap(subject(d, a))} is not allowed here`,
    hint: 'Compare it with the same setting elsewhere, or undo the last change',
  }),

  // Files and ids.
  'flow.id-not-file-name': (a) => ({
    message: `This flow's id must stay ${q(a.text('expected'))}`,
    hint: `Change ${q(a.text('id'))} back to ${q(a.text('expected'))}: to make a flow with another id, create a new flow`,
  }),
  'list.id-not-file-name': (a) => ({
    message: `This list's id must stay ${q(a.text('expected'))}`,
    hint: `Change ${q(a.text('id'))} back to ${q(a.text('expected'))}: to make a list with another id, create a new list`,
  }),
  'list.duplicate-value': (a) => ({
    message: `Two options of this list send HubSpot the same value ${q(a.text('value'))}`,
    hint: 'Give each option its own value',
  }),
  'option-list.unknown': (a) => ({
    message: `There is no shared list of options called ${q(a.text('list'))}`,
    hint: meant(a, chooseFrom(a, 'known') || 'Create the list first, among the option lists'),
  }),
  'form-key.no-hubspot-form': (a) => ({
    message: `Form key ${q(a.text('form'))} is not connected to a HubSpot form: its leads are kept here and never reach HubSpot`,
    hint: 'Ask a developer to connect it to its HubSpot form',
  }),

  // Ids and where each step goes.
  'id.duplicate': (a) => ({
    message: `Two steps or endings have the id ${q(a.text('id'))}`,
    hint: 'Give each step and ending its own id',
  }),
  'answer.duplicate': (a) => ({
    message: `Steps ${q(a.text('other'))} and ${q(a.text('step'))} both keep an answer named ${q(a.text('answer'))}`,
    hint: 'Rename the field or the step in one of them, so each answer has its own name',
  }),
  'field.duplicate': (a) => ({
    message: `Step ${q(a.text('step'))} has two fields named ${q(a.text('field'))}`,
    hint: 'Remove one of them, or rename it',
  }),
  'option.duplicate-value': (a) => ({
    message: `Two options of step ${q(a.text('step'))} send HubSpot the same value ${q(a.text('value'))}`,
    hint: 'Give each option its own value',
  }),
  'start.unknown': (a) => ({
    message: `The flow starts at ${q(a.text('id'))}, which is not one of its steps`,
    hint: meant(a, chooseFrom(a, 'known')),
  }),
  'next.unknown': (a) => ({
    message: `Step ${q(a.text('step'))} goes to ${q(a.text('id'))}, which is not a step or ending of this flow`,
    hint: meant(a, chooseFrom(a, 'known')),
  }),
  'next.itself': (a) => ({
    message: `Step ${q(a.text('step'))} goes back to itself`,
    hint: 'A flow moves forward: send visitors to a later step or an ending',
  }),
  'next.cycle': (a) => ({
    message: `Step ${q(a.text('step'))} goes back to ${q(a.text('to'))}, so visitors would go round in a loop (${path(a.list('loop'))})`,
    hint:
      'Send them to a later step or an ending' +
      (a.has('stranded') ? `; until then, ${quoted(a.list('stranded'))} cannot be reached` : ''),
  }),
  'next.no-way-out': (a) => ({
    message:
      a.list('answers').length > 0
        ? `Visitors who ${and(a.list('answers'))} have nowhere to go after step ${q(a.text('step'))}`
        : `Some visitors have nowhere to go after step ${q(a.text('step'))}`,
    hint: 'Add an "otherwise" step, or a branch for that answer',
  }),
  'step.unreachable': (a) => ({
    message: `No visitor can reach step ${q(a.text('id'))}`,
    hint: 'Send visitors to it from another step, or delete it',
  }),
  'ending.unreachable': (a) => ({
    message: `No visitor can reach ending ${q(a.text('id'))}`,
    hint: 'Send visitors to it from a step, or delete it',
  }),
  'progress.no-total': () => ({
    message: 'The progress counter counts a fixed number of questions, but the number is missing',
    hint: 'Give the number of questions: the N of "Question n / N"',
  }),
  'progress.total-too-low': (a) => ({
    message: `Visitors on the path ${path(a.list('path'))} would see "${a.text('most')} / ${a.text('total')}": the number of questions is too low`,
    hint: `Raise it to ${a.text('most')}, or let the counter follow each branch`,
  }),

  // Conditions.
  'condition.shape': () => ({
    message: 'A condition is incomplete, or tests several things at once',
    hint: 'Choose one answer and one test (is, is one of, is empty), or combine conditions with AND, OR or NOT',
  }),
  'condition.unknown-answer': (a) => ({
    message: `A condition tests the answer ${q(a.text('answer'))}, but no step asks it`,
    hint: meantElse(a, 'Choose the answer of a step of this flow'),
  }),
  'condition.too-early': (a, d) => ({
    message: d.pointer.includes('/fields/')
      ? `A field of step ${q(a.text('step'))} is shown by the answer to ${q(a.text('asker'))}, which visitors have not given by then`
      : `Step ${q(a.text('step'))} chooses where to go by the answer to ${q(a.text('asker'))}, which visitors have not given by then`,
    hint: `At that point only the answers of ${quoted(a.list('known'))} are known`,
  }),
  'condition.not-an-option': (a) => ({
    message: `A condition tests whether ${q(a.text('answer'))} is ${q(a.text('value'))}, which is not one of its options`,
    hint: chooseFrom(a, 'allowed'),
  }),

  // Hidden values and consent.
  'hidden.duplicate': (a) => ({
    message: `The hidden value ${q(a.text('name'))} is listed twice`,
    hint: 'List it once (the UTM set already holds the UTM parameters and gclid)',
  }),
  'hidden.answer-name': (a) => ({
    message: `A hidden value and an answer are both named ${q(a.text('name'))}`,
    hint: 'Rename the hidden value, so HubSpot can tell the two apart',
  }),
  'consent.duplicate': (a) => ({
    message: `The boxes ${q(a.text('first'))} and ${q(a.text('field'))} both record ${CONSENT[a.text('consent')] ?? 'the same consent'}`,
    hint: 'HubSpot takes it from one box: keep it on one of them',
  }),
  'consent.optional': (a) => ({
    message: `The box ${q(a.text('field'))} records consent to process the visitor's data, but visitors may leave it unticked`,
    hint: 'Make it required: HubSpot refuses a lead without that consent',
  }),
  'consent.no-processing': (a) => ({
    message: `The box ${q(a.text('field'))} subscribes visitors, but the flow never asks their consent to process their data`,
    hint: 'Let this box record that consent too, or record it on the privacy box',
  }),

  // Bookings.
  'booking.fallback-itself': () => ({
    message: 'The booking falls back to this same flow',
    hint: 'Choose the flow that asks for a preferred day and time instead',
  }),
  'booking.contact-missing': (a) => ({
    message: `A booking must ask the visitor's ${and(a.list('missing').map((k) => CONTACT[k] ?? k))}: the scheduler is filled in with them`,
    hint: 'Add a contact details step',
  }),
  'booking.fallback-unknown': (a) => ({
    message: `The booking falls back to ${q(a.text('flow'))}, which is not a flow of this site`,
    hint: meantElse(a, 'Choose a flow that asks for a preferred day and time'),
  }),
  'booking.fallback-is-booking': (a) => ({
    message: `The booking falls back to ${q(a.text('flow'))}, which is a booking itself`,
    hint: 'Choose a flow that asks for a preferred day and time',
  }),

  // Number fields.
  'number.min-above-max': (a) => ({
    message: `The number field ${q(a.text('field'))} accepts numbers from ${a.text('min')} to ${a.text('max')}: no number is both`,
    hint: 'Make the smallest number at most the largest (the smallest is 0 unless you set it)',
  }),
  'number.step-not-positive': (a) => ({
    message: `The number field ${q(a.text('field'))} goes up in steps of ${a.text('value')}`,
    hint: 'Give a step above 0, such as 1 for whole numbers, or none',
  }),
  'number.unknown-currency': (a) => ({
    message: `The number field ${q(a.text('field'))} names the currency ${q(a.text('value'))}, which does not exist`,
    hint: 'Give a currency code such as USD, EUR or GBP',
  }),
  'number.currency-unused': (a) => ({
    message: `The number field ${q(a.text('field'))} shows plain numbers, but names the currency ${q(a.text('value'))}`,
    hint: 'Show it as an amount of money, or remove the currency',
  }),
  'number.finer-than-currency': (a) => ({
    message: `The ${words(a.text('property'))[0]} of the number field ${q(a.text('field'))} is ${a.text('value')}, finer than ${a.text('currency')} amounts go`,
    hint: "Round it to the currency's cents",
  }),
  'number.placeholder-refused': (a) => ({
    message: `The number field ${q(a.text('field'))} shows ${q(a.text('value'))} as its example, which visitors may not enter (${a.text('problem')})`,
    hint: 'Give an example the field accepts, or remove it',
  }),

  // Saved progress.
  'save-progress.no-email': () => ({
    message:
      "The flow keeps visitors' answers to finish later, but never asks for their e-mail address",
    hint: 'Add a contact details step, or an e-mail field: the box asking their consent goes there',
  }),

  // What is sent to HubSpot.
  'submission.duplicate-field': (a) => ({
    message: `Form ${q(a.text('form'))} sends the HubSpot field ${q(a.text('field'))} twice`,
    hint: 'Send it once',
  }),
  'submission.value-source': (a) => ({
    message: `The HubSpot field ${q(a.text('field'))} of form ${q(a.text('form'))} needs exactly one thing to send`,
    hint: SHAPES.value!,
  }),
  'submission.unknown-hidden': (a) => ({
    message: `Form ${q(a.text('form'))} sends the hidden value ${q(a.text('name'))}, which the flow does not capture`,
    hint: meantElse(a, 'Add it to the hidden values first'),
  }),
  'submission.hidden-as-answer': (a) => ({
    message: `Form ${q(a.text('form'))} sends ${q(a.text('answer'))} as an answer, but it is a hidden value`,
    hint: 'Send it as a hidden value',
  }),
  'submission.unknown-answer': (a) => ({
    message: `Form ${q(a.text('form'))} sends the answer ${q(a.text('answer'))}, which no step asks`,
    hint: meantElse(a, 'Choose the answer of a step of this flow'),
  }),
  'submission.not-upload': (a) => ({
    message: `Form ${q(a.text('form'))} sends ${q(a.text('answer'))} as a file, but it is not an upload field`,
    hint: 'Choose an upload field',
  }),
  'submission.not-asked': (a) => ({
    message: `Form ${q(a.text('form'))} sends the answer ${q(a.text('answer'))}, but visitors on the path ${path(a.list('path'))} are never asked it`,
    hint: 'Send an empty value when it was not asked, or ask it on every path',
  }),
  'submission.asked-on-condition': (a) => ({
    message: `Form ${q(a.text('form'))} sends the answer ${q(a.text('answer'))}, which is asked only when its condition holds`,
    hint: 'Send an empty value when it was not asked, or ask it on every path',
  }),
  'ending.submits-unasked': (a) => ({
    message: `Ending ${q(a.text('ending'))} sends a lead, but visitors on the path ${path(a.list('path'))} are never asked ${quoted(a.list('answers'))}, which it sends`,
    hint: 'Ask them on every path to this ending, send an empty value when they were not asked, or let this ending send no lead',
  }),
  'ending.submits-without-email': (a) => ({
    message: `Ending ${q(a.text('ending'))} sends a lead, but visitors on the path ${path(a.list('path'))} are never asked ${quoted(a.list('answers'))}, which it sends`,
    hint: `Lead this path through the step that asks ${q(a.text('email'))}, or let this ending send no lead`,
  }),
  'checkout.unknown-answer': (a) => ({
    message: `The checkout ${q(a.text('ending'))} uses the answer ${q(a.text('answer'))}, which no step asks`,
    hint: meantElse(a, 'Choose the answer of a step of this flow'),
  }),
  'checkout.not-asked': (a) => ({
    message: a.has('path')
      ? `The checkout ${q(a.text('ending'))} uses the answer ${q(a.text('answer'))}, but visitors on the path ${path(a.list('path'))} are never asked it`
      : `The checkout ${q(a.text('ending'))} uses the answer ${q(a.text('answer'))}, which is asked only when its condition holds`,
    hint: 'Ask the service on every path to this ending',
  }),

  // Where endings send visitors.
  'link.refused': (a) => ({
    message: `${q(a.text('href'))} is not a link visitors can follow`,
    hint: 'Link to a page of the site, e.g. /contact-us',
  }),
  'link.other-site': (a) => ({
    message: `This sends visitors to another site, ${a.text('host')}`,
    hint: anotherSite(a.text('host')),
  }),
  'link.host-not-allowed': (a) => ({
    message: `This sends visitors to ${a.text('host')}, a site flows may not send them to`,
    hint: anotherSite(a.text('host')),
  }),
  // Computed values: the studio marks the expression at the name or operator (textOffset).
  'computed.syntax': (a) => ({
    message: `This calculation cannot be read: ${a.text('problem')}`,
    hint: 'Check the marked place',
  }),
  'computed.unknown-name': (a) => ({
    message: `The calculation uses ${q(a.text('name'))}, which is no answer, hidden value or computed value of this flow`,
    hint: a.has('suggestion')
      ? `Did you mean ${q(a.text('suggestion'))}?`
      : 'Use the name of a step, a field, a hidden value or a computed value',
  }),
  'computed.name-taken': (a) => ({
    message: `The computed value ${q(a.text('name'))} has the name of an answer or hidden value`,
    hint: 'Give it a name of its own',
  }),
  'computed.cycle': (a) => ({
    message: `These computed values are calculated from each other in a circle: ${path(a.list('names'))}`,
    hint: 'Calculate one of them from answers only',
  }),
  'computed.type': (a) => ({
    message: a.has('found')
      ? `The calculation needs ${a.text('expected')} here, but this is ${a.text('found')}`
      : `The calculation mixes ${a.text('left')} and ${a.text('right')}`,
    hint: 'Use values of the same kind: numbers with numbers, texts with texts',
  }),
  'computed.divide-by-zero': (a) => ({
    message: `The calculation divides by ${q(a.text('divisor'))}, which can be 0`,
    hint: `Check it first: if ${a.text('divisor')} != 0 then … else …`,
  }),
  'computed.not-asked': (a) => ({
    message: `The calculation uses the answer to ${quoted(a.list('answers'))}, but visitors on the path ${path(a.list('path'))} are not asked it by then`,
    hint: 'Score it with points(…), give it a default with default(…, …), or ask it on every path',
  }),
  'computed.not-an-option': (a) => ({
    message: `${q(a.text('value'))} is never a value of ${q(a.text('name'))}`,
    hint: a.has('allowed') ? chooseFrom(a, 'allowed') : 'Check the spelling',
  }),
  'computed.no-table': (a) => ({
    message:
      a.text('table') === 'bands'
        ? 'The calculation uses band(…), but its computed value lists no bands'
        : `The calculation scores ${q(a.text('name'))}, but lists no points for its options`,
    hint:
      a.text('table') === 'bands'
        ? 'Add the bands and the number each starts at'
        : 'Add the points of each option',
  }),
  'computed.hidden-in-condition': (a) => ({
    message: `A branch tests the hidden value ${q(a.text('name'))}`,
    hint: 'Branch on answers only: where a visitor goes must follow from what they answered',
  }),
  'computed.needs-otherwise': (a) => ({
    message: `Step ${q(a.text('step'))} branches on a calculation but has no "otherwise" step`,
    hint: 'Add an "otherwise" step for the values no branch takes',
  }),
  'ending.unclosed-brace': (a) => ({
    message: `A text of the ending ${q(a.text('ending'))} opens a brace it never closes`,
    hint: 'Close the computed value with }, or write {{ to show a brace',
  }),
  'ending.unknown-value': (a) => ({
    message: `The ending ${q(a.text('ending'))} shows ${q(a.text('name'))}, which is no computed value of this flow`,
    hint: a.has('suggestion')
      ? `Did you mean ${q(a.text('suggestion'))}?`
      : a.list('known').length > 0
        ? `Use one of: ${a.list('known').join(', ')}`
        : 'Add the computed value first, or write {{ to show a brace',
  }),
  'ending.value-not-asked': (a) => ({
    message: `The ending shows a value calculated from the answer to ${quoted(a.list('answers'))}, but visitors on the path ${path(a.list('path'))} are not asked it`,
    hint: 'Add the words to show instead after a bar, {score|not known yet}, or ask it on every path',
  }),
  'ending.value-hidden': (a) => ({
    message: `The ending ${q(a.text('ending'))} shows ${q(a.text('name'))}, calculated from the hidden value ${q(a.text('hidden'))}, which a visit may not bring`,
    hint: 'Add the words to show instead after a bar, {score|not known yet}',
  }),
};

/** The codes that have plain words (each code a check can give). */
export const PLAIN_CODES = Object.keys(WORDS) as readonly DiagnosticCode[];

/**
 * A diagnostic's message and hint as the studio shows them: in a marketer's words when its code
 * has them, else its own (already plain: HubSpot's findings, the studio's warnings). A problem
 * another flow has with this one (`args.inFlow`, `args.fallsBack`) names that flow first.
 */
export function plainWords(d: Diagnostic): PlainWords {
  // A code this build does not know (a diagnostic sent by a newer server) has no words here.
  const words = d.code === undefined ? undefined : (WORDS[d.code] as Words | undefined);
  // The name surely meant is the fix an editor offers: read from it, never stored twice.
  const a = new Args({ ...d.args, ...(d.fix && { meant: d.fix.with }) });
  // Without a code, the message is the diagnostic's own, another flow already named in it.
  if (!words) return { message: d.message, hint: d.hint };
  const plain = words(a, d);
  if (a.has('inFlow'))
    return {
      ...plain,
      message: `Flow ${q(a.text('inFlow'))} would no longer load: ${plain.message}`,
    };
  if (a.has('fallsBack'))
    return {
      ...plain,
      message: `Flow ${q(a.text('fallsBack'))} falls back to this flow, which would no longer work: ${plain.message}`,
    };
  return plain;
}
