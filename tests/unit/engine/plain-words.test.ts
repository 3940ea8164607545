/**
 * What the flow studio says of each problem (engine/plain-words.ts): the repository's broken
 * flows and a set of everyday slips on the client flow, each diagnostic in a marketer's words.
 * The snapshot is the review of any change of wording; the words never show what only a
 * developer reads (a JSON Schema pattern, "JSON", a byte count, a file name, a JSON pointer),
 * while the CLI keeps its own (broken-flows.test.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  loadFlowFromText,
  loadFlows,
  loadOptionListFromText,
  loadOptionListsFromData,
  plainWords,
  type Diagnostic,
} from '@/engine';
import { FLOWS_DIR, VARS } from './load-repo-flows';

const FIXTURES = fileURLToPath(new URL('../../fixtures/broken-flows', import.meta.url));
const SCHEMAS = fileURLToPath(new URL('../../../schemas', import.meta.url));
const client = readFileSync(join(FLOWS_DIR, 'client.json'), 'utf8');
const optionLists = loadOptionListsFromData(
  Object.fromEntries(
    ['industries', 'revenue-bands', 'services'].map((id) => [
      id,
      JSON.parse(readFileSync(join(FLOWS_DIR, 'options', `${id}.json`), 'utf8')) as unknown,
    ]),
  ),
).optionLists;

/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-member-access -- each slip edits the flow's data freely */
type Slip = ((flow: any) => void) | { text: (text: string) => string };

/** Everyday slips on the client flow, as a marketer makes them in the JSON view. */
const slips: Record<string, Slip> = {
  'a step id with a space': (f) => (f.steps[0].id = 'business phase'),
  'a step without its question': (f) => delete f.steps[1].question,
  'a question that is a number': (f) => (f.steps[1].question = 5),
  'an empty question': (f) => (f.steps[1].question = ''),
  'a field of an unknown type': (f) =>
    (f.steps[5].fields = [{ name: 'company', type: 'colour', label: 'Company' }]),
  'a HubSpot field name with a dash': (f) => (f.submissions[0].fields[0].name = 'what-phase'),
  'a link that is not a page': (f) => (f.endings[0].links[0].href = 'javascript:alert(1)'),
  'the flow id changed': (f) => (f.id = 'clientHome'),
  'a next step misspelt': (f) => (f.steps[1].next = 'industri'),
  'a step that goes to itself': (f) => (f.steps[1].next = 'revenue'),
  'a step no visitor reaches': (f) => (f.steps[0].next.branches[0].to = 'revenue'),
  'a condition on a misspelt answer': (f) => (f.steps[0].next.branches[0].when.answer = 'phse'),
  'two options with one value': (f) => (f.steps[0].options = ['Start-up', 'Start-up']),
  'a fixed progress without its number': (f) => delete f.progress.total,
  'a progress number too low': (f) => (f.progress.total = 2),
  'a form sending an answer no step asks': (f) =>
    (f.submissions[0].fields[0].value.answer = 'phse'),
  'an ending sending visitors to another site': (f) =>
    (f.endings[0].links[0].href = 'https://example.org/grants'),
  'a text cut short': { text: (t) => t.slice(0, 200) },
  'a comma after the last option': { text: (t) => t.replace('"IPO & ICO"]', '"IPO & ICO",]') },
  'a comma missing': { text: (t) => t.replace('"version": 3,', '"version": 3') },
};
/* eslint-enable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-member-access */

function slipped(slip: Slip): string {
  if ('text' in slip) return slip.text(client);
  const flow = JSON.parse(client) as unknown;
  slip(flow);
  return JSON.stringify(flow, null, 2);
}

const fixtures = loadFlows(FIXTURES, VARS).diagnostics;
const ofSlips = Object.entries(slips).map(([name, slip]) => ({
  name,
  diagnostics: loadFlowFromText({
    file: 'client.json',
    text: slipped(slip),
    optionLists,
    vars: VARS,
  }).diagnostics,
}));
const ofLists = [
  {
    name: 'a list whose id is not its own',
    diagnostics: loadOptionListFromText({
      listId: 'colours',
      text: '{"id": "colors", "options": ["Red"]}',
    }).diagnostics,
  },
  {
    name: 'a list with one value twice',
    diagnostics: loadOptionListFromText({
      listId: 'colours',
      text: '{"id": "colours", "options": ["Red", "Red"]}',
    }).diagnostics,
  },
  {
    name: 'a list option without its label',
    diagnostics: loadOptionListFromText({
      listId: 'colours',
      text: '{"id": "colours", "options": [{"value": "red"}]}',
    }).diagnostics,
  },
];
const cases = [...ofSlips, ...ofLists];
const all: Diagnostic[] = [...fixtures, ...cases.flatMap((c) => c.diagnostics)];

/** One diagnostic as the studio lists it: where (in the flow's words), then its plain words. */
function shown(d: Diagnostic): string {
  const { message, hint } = plainWords(d);
  return `  ${d.where ?? (d.pointer || `line ${d.line}`)}: ${message}. ${hint}`;
}

describe('plain words', () => {
  it('every diagnostic of these flows has a code, and so plain words', () => {
    expect(all.filter((d) => d.code === undefined)).toEqual([]);
    for (const c of cases) expect(c.diagnostics, c.name).not.toEqual([]);
  });

  it('the broken flows, as the studio words them', () => {
    const files = [...new Set(fixtures.map((d) => d.file))];
    const text = files
      .map((file) => [file, ...fixtures.filter((d) => d.file === file).map(shown)].join('\n'))
      .join('\n');
    expect(text).toMatchInlineSnapshot(`
      "conditionTooEarly.json
        step "first" › next › branch 1 › when: Step "first" chooses where to go by the answer to "second", which visitors have not given by then. At that point only the answers of "first" are known
        step "second" › next › branch 1 › when: A condition tests whether "first" is "Maybe", which is not one of its options. Choose one of: Yes, No
      cycle.json
        step "second" › next › branch 1 › to: Step "second" goes back to "first", so visitors would go round in a loop (first → second → first). Send them to a later step or an ending
      danglingReference.json
        step "first" › next › branch 1 › to: Step "first" goes to "secnd", which is not a step or ending of this flow. Did you mean "second"? Choose one of: first, second, done
      neverAsked.json
        form "f" › field "second" › value › answer: Form "f" sends the answer "second", but visitors on the path first → done are never asked it. Send an empty value when it was not asked, or ask it on every path
      noWayOut.json
        step "first" › next: Visitors who answer "Maybe" to "first" have nowhere to go after step "first". Add an "otherwise" step, or a branch for that answer
      schemaMistakes.json
        step "first" › kind: The kind of step "first" cannot be "slider". Choose one of: choice, fields, contact, uploads
        step "second" › colour: Step "second" has a setting the flow does not know: "colour". Remove it, or check its spelling
        step "third" › next: The next step of step "third" is not written in a way the flow understands. Choose the step or ending that comes next, or branches with an "otherwise"
        step "third" › field "email": Field "email" of step "third" needs a label. Add a label to field "email" of step "third"
      unknownOptionList.json
        step "first" › options: There is no shared list of options called "colours". Create the list first, among the option lists"
    `);
  });

  it('everyday slips, as the studio words them', () => {
    const text = cases.map((c) => [c.name, ...c.diagnostics.map(shown)].join('\n')).join('\n');
    expect(text).toMatchInlineSnapshot(`
      "a step id with a space
        step "business phase" › id: The id of step "business phase" may use only letters, digits and _, and must start with a letter. "business phase" cannot be used: change it
      a step without its question
        step "revenue": Step "revenue" needs a question. Add a question to step "revenue"
      a question that is a number
        step "revenue" › question: The question of step "revenue" must be a text. Write a text here
      an empty question
        step "revenue" › question: The question of step "revenue" is empty. Write something here, or remove it
      a field of an unknown type
        step "contact" › field "company" › type: The type of field "company" of step "contact" cannot be "colour". Choose one of: text, fullName, email, textarea, url, phone, number, select, multiselect, consent, file
      a HubSpot field name with a dash
        form "question" › field "what-phase" › name: The HubSpot name of field "what-phase" of form "question" may use only letters, digits, _ and a {brandSlug} placeholder. "what-phase" cannot be used: change it
      a link that is not a page
        ending "noCapital" › links › item 1 › href: The address of link "Grant services" of ending "noCapital" must be a page of the site (starting with /) or an address starting with https://. "javascript:alert(1)" cannot be used: change it
      the flow id changed
        id: This flow's id must stay "client". Change "clientHome" back to "client": to make a flow with another id, create a new flow
      a next step misspelt
        step "revenue" › next: Step "revenue" goes to "industri", which is not a step or ending of this flow. Did you mean "industry"? Choose one of: phase, revenue, capital, industry, service, contact, ready, noCapital, checkout, bookConsult
      a step that goes to itself
        step "revenue" › next: Step "revenue" goes back to itself. A flow moves forward: send visitors to a later step or an ending
      a step no visitor reaches
        step "capital": No visitor can reach step "capital". Send visitors to it from another step, or delete it
        ending "noCapital": No visitor can reach ending "noCapital". Send visitors to it from a step, or delete it
      a condition on a misspelt answer
        step "phase" › next › branch 1 › when: A condition tests the answer "phse", but no step asks it. Did you mean "phase"? Otherwise choose the answer of a step of this flow
      two options with one value
        step "phase" › options: Two options of step "phase" send HubSpot the same value "Start-up". Give each option its own value
      a fixed progress without its number
        progress: The progress counter counts a fixed number of questions, but the number is missing. Give the number of questions: the N of "Question n / N"
      a progress number too low
        progress › total: Visitors on the path phase → capital → industry → service → contact → ready → checkout would see "5 / 2": the number of questions is too low. Raise it to 5, or let the counter follow each branch
      a form sending an answer no step asks
        form "question" › field "what_phase_is_your_business_in" › value › answer: Form "question" sends the answer "phse", which no step asks. Did you mean "phase"? Otherwise choose the answer of a step of this flow
      an ending sending visitors to another site
        ending "noCapital" › links › item 1 › href: This sends visitors to another site, example.org. Link to a page of this site, or ask a developer to let flows send visitors to example.org
      a text cut short
        line 6: The text cannot be read here: a text is never closed. Add the closing double quote
      a comma after the last option
        line 23: The text cannot be read here: a comma with nothing after it. Remove this comma: nothing may follow the last item of a list
      a comma missing
        line 4: The text cannot be read here: a comma is missing after this value. Add "," here: the items of a list are separated by commas
      a list whose id is not its own
        id: This list's id must stay "colours". Change "colors" back to "colours": to make a list with another id, create a new list
      a list with one value twice
        options › item 2: Two options of this list send HubSpot the same value "Red". Give each option its own value
      a list option without its label
        options › item 1: Option 1 is not written in a way the flow understands. Give each option a label (and a value if HubSpot needs another), or choose a shared list"
    `);
  });

  it('never shows a pattern, "JSON", a byte count, a file name or a pointer', () => {
    const patterns = ['flow.schema.json', 'option-list.schema.json'].flatMap((file) =>
      [
        ...readFileSync(join(SCHEMAS, file), 'utf8').matchAll(/"pattern": "((?:[^"\\]|\\.)*)"/g),
      ].map((m) => JSON.parse(`"${m[1]}"`) as string),
    );
    expect(patterns.length).toBeGreaterThan(3);
    for (const d of all) {
      const { message, hint } = plainWords(d);
      for (const words of [message, hint]) {
        expect(words, d.message).not.toMatch(/JSON|\.json\b|\bbytes?\b|\/steps\/|\/endings\//i);
        // A character class or an anchor of a regular expression.
        expect(words, d.message).not.toMatch(/\[[^\]]*[a-z]-[a-z][^\]]*\]|\^[[(/]|\]\*\$/i);
        for (const pattern of patterns) expect(words, d.message).not.toContain(pattern);
      }
    }
  });

  it('offers the name surely meant, as the quick fix an editor offers', () => {
    const text = client.replace('"hidden": "utm_source"', '"hidden": "utm_sourc"');
    const [d] = loadFlowFromText({
      file: 'client.json',
      text,
      optionLists,
      vars: VARS,
    }).diagnostics;
    expect(d?.code).toBe('submission.unknown-hidden');
    expect(d?.fix).toEqual({ replace: 'utm_sourc', with: 'utm_source' });
    expect(plainWords(d!).hint).toBe(
      'Did you mean "utm_source"? Otherwise add it to the hidden values first',
    );
  });

  it('leaves the command line its own words', () => {
    const d = fixtures.find((x) => x.code === 'next.unknown')!;
    expect(d.message).toBe('Unknown step or ending "secnd"');
    expect(plainWords(d).message).toBe(
      'Step "first" goes to "secnd", which is not a step or ending of this flow',
    );
  });
});
