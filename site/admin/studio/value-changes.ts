/**
 * The studio's warning on each plain option whose text the draft changed (change-summary.ts:
 * `reworded`), placed on that option in the text, as a diagnostic the editor marks and the
 * problems list shows, with the quick fix that keeps the old value (quick-fix.ts: `keepValue`).
 * The engine cannot say it: it sees one text, and this is a difference between two versions.
 *
 * An option that is not in the flow's text (it comes from a shared list) or is written with a
 * placeholder (`{brand}`: its text is not its value) is warned about on its step's options, and
 * has no quick fix there.
 */
import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';
import type { FlowChangeSummary, OptionChanges, RewordedOption } from './change-summary';
import { optionPlace } from './change-summary';
import type { KeepValueDiagnostic } from './quick-fix';

const itemIndex = (items: Node | undefined, test: (item: Node) => boolean) =>
  items?.type === 'array' ? (items.children ?? []).findIndex(test) : -1;

const valueOf = (node: Node | undefined, key: string): unknown =>
  node && findNodeAtLocation(node, [key])?.value;

/** The option's text in the file when it is plain there: a bare string, or a label alone. */
function plainText(item: Node): string | undefined {
  if (item.type === 'string') return item.value as string;
  if (item.type !== 'object' || valueOf(item, 'value') !== undefined) return undefined;
  const label = valueOf(item, 'label');
  return typeof label === 'string' ? label : undefined;
}

/** The JSON path of the option now written `to`, or of its step's options when it is not there. */
function optionPath(root: Node | undefined, at: OptionChanges, to: string): (string | number)[] {
  const steps = root && findNodeAtLocation(root, ['steps']);
  const s = itemIndex(steps, (step) => valueOf(step, 'id') === at.step);
  if (s === -1) return [];
  let path: (string | number)[] = ['steps', s];
  if (at.field !== undefined) {
    const fields = findNodeAtLocation(root!, [...path, 'fields']);
    const f = itemIndex(fields, (field) => valueOf(field, 'name') === at.field);
    if (f === -1) return path;
    path = [...path, 'fields', f];
  }
  path = [...path, 'options'];
  const o = itemIndex(findNodeAtLocation(root!, path), (item) => plainText(item) === to);
  return o === -1 ? path : [...path, o];
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}

function diagnostic(
  file: string,
  text: string,
  root: Node | undefined,
  at: OptionChanges,
  r: RewordedOption,
): KeepValueDiagnostic {
  const path = optionPath(root, at, r.to);
  const node = root && path.length > 0 ? findNodeAtLocation(root, path) : undefined;
  const message =
    r.sentAs.length > 0
      ? `HubSpot will receive "${r.to}" instead of "${r.from}"`
      : `The answer's value changes from "${r.from}" to "${r.to}"`;
  return {
    file,
    pointer: path.map((segment) => `/${segment}`).join(''),
    message,
    hint: `The option's text is its value: write it as {"label": ${JSON.stringify(r.to)}, "value": ${JSON.stringify(r.from)}} to keep the value "${r.from}"`,
    severity: 'warning',
    where: `${optionPlace(at)} › option "${r.to}"`,
    keepValue: r.from,
    ...(node && lineAndColumn(text, node.offset)),
  };
}

/** A warning with its quick fix for each plain option reworded since the published version. */
export function valueChangeDiagnostics(
  flowId: string,
  text: string,
  summary: FlowChangeSummary,
): KeepValueDiagnostic[] {
  const reworded = summary.options.filter((o) => o.reworded.length > 0);
  if (reworded.length === 0) return [];
  const root = parseTree(text);
  return reworded.flatMap((at) =>
    at.reworded.map((r) => diagnostic(`${flowId}.json`, text, root, at, r)),
  );
}
