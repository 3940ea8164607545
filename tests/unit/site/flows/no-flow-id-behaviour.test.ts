/**
 * Behaviour is data: what a flow does on the site (where a content page shows it, whom it
 * speaks to, what it leaves in the session, whether it is a booking) is a property of its JSON
 * (schemas/flow.schema.json), never a test of its id in site code, so a flow made in the studio
 * can have every behaviour an existing one has. This reads the source of `site/` and `app/` and
 * fails on a flow id written in code, and on a form key compared with one.
 *
 * Allowed: the content (`site/content/`), the placements data (`site/flows/flow-placements.ts`),
 * and a JSX attribute's text, which places a flow in a fixed template (`<FlowSlot flow="client"
 * />`, the footer's `<FlowHost flowId="newsletter" />`) or names a DOM anchor (`id="newsletter"`).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = process.cwd();

/** Files that are data, not behaviour. */
const DATA = [/^site\/content\//, /^site\/flows\/flow-placements\.ts$/];

/** Words that are a flow's id and also something else; each with the reason it is not one. */
const NOT_A_FLOW: Record<string, { word: string; why: string }[]> = {
  'site/pages/parts/icon.tsx': [{ word: 'careers', why: 'a word of a page path, for its icon' }],
};

function flowFiles(): { id: string; formKeys: string[] }[] {
  const dir = path.join(root, 'flows');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => {
      const flow = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as {
        id: string;
        submissions: { formKey: string }[];
      };
      return { id: flow.id, formKeys: flow.submissions.map((s) => s.formKey) };
    });
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mts|mjs|js)$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => !DATA.some((pattern) => pattern.test(file)));
}

const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/** A literal compared with something: `x === 'a'`, `case 'a':`, `list.includes('a')`. */
function isCompared(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isBinaryExpression(parent)) return EQUALITY.has(parent.operatorToken.kind);
  if (ts.isCaseClause(parent)) return true;
  return (
    ts.isCallExpression(parent) &&
    ts.isPropertyAccessExpression(parent.expression) &&
    parent.expression.name.text === 'includes'
  );
}

/** Every flow id (and form key compared) written in a file's code, as `line: text`. */
function flowIdsInCode(
  file: string,
  text: string,
  flowIds: ReadonlySet<string>,
  formKeys: ReadonlySet<string>,
): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const allowed = new Set((NOT_A_FLOW[file] ?? []).map((entry) => entry.word));
  const found: string[] = [];
  const at = (node: ts.Node) =>
    `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText()}`;
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const word = node.text;
      const inJsxAttribute = ts.isJsxAttribute(node.parent);
      if (flowIds.has(word) && !inJsxAttribute && !allowed.has(word)) found.push(at(node));
      else if (formKeys.has(word) && isCompared(node)) found.push(at(node));
    } else if (ts.isIdentifier(node) && flowIds.has(node.text) && /[A-Z]/.test(node.text)) {
      // A multi-word id as a name (`bookConsult: …`, `props.readyToTalk`): one word ids
      // (`client`, `careers`) are everyday names, and are caught as literals only.
      found.push(at(node));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('no flow id in the behaviour code of site/ and app/', () => {
  const flows = flowFiles();
  const flowIds = new Set(flows.map((f) => f.id));
  const formKeys = new Set(flows.flatMap((f) => f.formKeys));

  it('reads every flow and a real amount of code', () => {
    expect(flowIds.size).toBeGreaterThanOrEqual(13);
    expect(sourceFiles('site').length).toBeGreaterThan(100);
  });

  it('finds none', () => {
    const files = [...sourceFiles('site'), ...sourceFiles('app')];
    const found = files.flatMap((file) =>
      flowIdsInCode(file, readFileSync(path.join(root, file), 'utf8'), flowIds, formKeys),
    );
    expect(found).toEqual([]);
  });

  it('would find each kind of special case, and lets a placement be', () => {
    const check = (code: string) =>
      flowIdsInCode('site/x.tsx', code, new Set(['bookConsult', 'client']), new Set(['question']));
    expect(check(`if (flow === 'client') show();`)).toEqual(["site/x.tsx:1: 'client'"]);
    expect(check('const props = { bookConsult: flow };')).toEqual(['site/x.tsx:1: bookConsult']);
    expect(check('const pair = [`bookConsult`];')).toEqual(['site/x.tsx:1: `bookConsult`']);
    expect(check(`flow.submissions.some((s) => s.formKey === 'question');`)).toEqual([
      "site/x.tsx:1: 'question'",
    ]);
    expect(check(`switch (key) { case 'question': break; }`)).toEqual(["site/x.tsx:1: 'question'"]);
    // A placement in a fixed template, a form key as a plain value, comments and other words.
    expect(
      check(
        [
          '// the client questionnaire',
          'const slot = <FlowSlot flow="client" card />;',
          "const body = { formKey: 'question' };",
          "const client = createClient('use client');",
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});
