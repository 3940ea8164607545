import type { CaseAction, FlowCase, FlowCases } from './flow-cases';

/*
 * A flow's test cases (flowCases) as testers take them: JSON (the data as is), CSV (one row per
 * action, for a spreadsheet or a test management tool), Gherkin (one scenario per case) and a
 * text listing for the terminal. `npm run flows -- cases <id> [--format json|csv|gherkin]`.
 */

export const CASE_FORMATS = ['text', 'json', 'csv', 'gherkin'] as const;
export type CaseFormat = (typeof CASE_FORMATS)[number];

/** The cases exactly as flowCases returns them. */
export function casesToJson(cases: FlowCases): string {
  return `${JSON.stringify(cases, null, 2)}\n`;
}

export const CSV_COLUMNS = [
  'case',
  'kind',
  'title',
  'n',
  'step',
  'question',
  'action',
  'target',
  'value',
  'field',
  'expect',
] as const;

/** RFC 4180: a value with a comma, a quote or a line break is quoted, its quotes doubled. */
function csvValue(value: string | number | undefined): string {
  const text = value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One row per action (numbered within its case), after a header row; CRLF line ends. */
export function casesToCsv(cases: FlowCases): string {
  const rows = cases.cases.flatMap((c) =>
    c.steps.map((a, i) => [
      c.id,
      c.kind,
      c.title,
      i + 1,
      a.step,
      a.question,
      a.action,
      a.target,
      a.value,
      a.field,
      a.expect,
    ]),
  );
  return [[...CSV_COLUMNS], ...rows].map((r) => `${r.map(csvValue).join(',')}\r\n`).join('');
}

/** A Gherkin string: double-quoted, with its backslashes and quotes escaped. */
const quoted = (text: string) => `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;

/** One action as a Gherkin step's text (without its keyword). */
function gherkinAction(a: CaseAction): string {
  switch (a.action) {
    case 'click':
      return `I choose ${quoted(a.target)}`;
    case 'check':
      return a.field
        ? `I tick ${quoted(a.target)} in ${quoted(a.field)}`
        : `I tick ${quoted(a.target)}`;
    case 'type':
      return `I fill ${quoted(a.target)} with ${quoted(a.value ?? '')}`;
    case 'select':
      return `I select ${quoted(a.target)} in ${quoted(a.field ?? '')}`;
    case 'upload':
      return `I upload ${quoted(a.value ?? '')} to ${quoted(a.target)}`;
    case 'leave':
      return `I leave ${quoted(a.target)} empty`;
    case 'press':
    case 'back':
      return `I press ${quoted(a.target)}`;
  }
}

function scenario(flowId: string, c: FlowCase): string[] {
  const lines = [`  Scenario: ${c.id} ${c.title}`.replace(/\s+$/, '')];
  lines.push(`    Given I open the ${quoted(flowId)} questionnaire`);
  let keyword = 'When';
  let question: string | undefined;
  for (const a of c.steps) {
    // Several steps have the same options ("Yes", "No"): a comment says which question is asked.
    if (a.question !== question) lines.push(`    # ${(question = a.question)}`);
    lines.push(`    ${keyword} ${gherkinAction(a)}`);
    keyword = 'And';
    if (a.expect === undefined) continue;
    const sees =
      a === c.steps.at(-1) && c.ending?.kind === 'redirect'
        ? `I am taken to ${quoted(c.ending.text)}`
        : `I see ${quoted(a.expect)}`;
    lines.push(`    Then ${sees}`);
    keyword = 'When';
  }
  for (const s of c.submissions ?? []) {
    lines.push(`    And HubSpot receives the ${quoted(s.formKey)} form`);
  }
  return lines;
}

/** A feature named after the flow, one scenario per case. */
export function casesToGherkin(cases: FlowCases): string {
  const scenarios = cases.cases.map((c) => scenario(cases.flowId, c).join('\n'));
  const title = cases.title.replace(/\s+/g, ' ');
  return `Feature: ${title}\n\n${scenarios.join('\n\n')}\n`;
}

/** One action as the text listing says it. */
function textAction(a: CaseAction): string {
  const value = a.value !== undefined && a.value !== a.target ? ` (value ${quoted(a.value)})` : '';
  const inField = a.field ? ` in ${quoted(a.field)}` : '';
  switch (a.action) {
    case 'click':
      return `click ${quoted(a.target)}${value}`;
    case 'check':
      return `tick ${quoted(a.target)}${inField}${value}`;
    case 'select':
      return `select ${quoted(a.target)}${inField}${value}`;
    case 'type':
      return `type ${quoted(a.value ?? '')} into ${quoted(a.target)}`;
    case 'upload':
      return `upload ${quoted(a.value ?? '')} to ${quoted(a.target)}`;
    case 'leave':
      return `leave ${quoted(a.target)} empty`;
    case 'press':
    case 'back':
      return `press ${quoted(a.target)}`;
  }
}

function textCase(c: FlowCase): string[] {
  const lines = [`${c.id.padEnd(4)} ${c.title}`];
  if (c.options.length > 0) {
    const options = c.options.map((o) => `${o.field ?? o.step}: ${o.label}`);
    lines.push(`     options: ${options.join(' · ')}`);
  }
  // A negative case's way to its step is a path listed above: name it, list only the step.
  const own = c.route ? c.steps.filter((a) => !c.route?.steps.includes(a.step)) : c.steps;
  if (c.route) lines.push(`     via ${c.route.case}: ${[...c.route.steps, c.at].join(' → ')}`);
  let question: string | undefined;
  for (const a of own) {
    if (a.question !== question) lines.push(`     ${(question = a.question)}`);
    lines.push(`       ${textAction(a)}`);
    if (a.expect !== undefined) lines.push(`       ⇒ ${a.expect}`);
  }
  const sends = (c.submissions ?? []).map((s) => `${s.formKey} (${s.fields.length} fields)`);
  if (sends.length > 0) lines.push(`     HubSpot receives: ${sends.join(', ')}`);
  return lines;
}

/** The readable listing `npm run flows -- cases <id>` prints by default. */
export function casesToText(cases: FlowCases): string {
  const paths = cases.cases.filter((c) => c.kind === 'path');
  const covering = paths.filter((c) => c.source === 'covering').length;
  const negatives = cases.cases.length - paths.length;
  const { covered, total, missing } = cases.optionsCovered;
  const summary =
    `${paths.length} path cases (${covering} covering paths), ${negatives} negative cases; ` +
    `options used ${covered}/${total}` +
    (missing.length > 0
      ? ` (never picked: ${missing.map((o) => `${o.field ?? o.step}: ${o.label}`).join(', ')})`
      : '');
  const heading = `${cases.title} — flow ${cases.flowId}, version ${cases.version}`;
  const body = cases.cases.map((c) => textCase(c).join('\n'));
  return `${[heading, ...body, summary].join('\n\n')}\n`;
}

/** The cases in one of the formats. */
export function formatCases(cases: FlowCases, format: CaseFormat): string {
  switch (format) {
    case 'json':
      return casesToJson(cases);
    case 'csv':
      return casesToCsv(cases);
    case 'gherkin':
      return casesToGherkin(cases);
    case 'text':
      return casesToText(cases);
  }
}
