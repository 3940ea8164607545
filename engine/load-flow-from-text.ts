import { checkEndingLinks, type LinkHosts } from './check-ending-links';
import { locate, parseJsonSource } from './json-source';
import {
  idDiffersFromFileName,
  loadFlowFromData,
  loadOptionListsFromData,
} from './load-flow-from-data';
import type { OptionLists } from './resolve-flow';
import type { Diagnostic, FlowOption, FlowVars, ResolvedFlow } from './types';

/** What the deployment tells the checks of each flow file (`loadFlows` passes them on). */
export interface LoadFlowsOptions {
  /**
   * Where the deployment says which HubSpot form a form key goes to (the engine reads no
   * environment): the fix when `formKey` has none, or undefined when it has one. Each form key
   * without one becomes a warning.
   */
  unconfiguredForm?: (formKey: string) => string | undefined;
  /**
   * The hosts the deployment lets an ending's links, buttons and redirects send visitors to,
   * besides the site's own paths. Without it, every link to another host is a warning.
   */
  linkHosts?: LinkHosts;
}

export interface LoadFlowFromTextInput extends LoadFlowsOptions {
  /** The file name, `<id>.json`: diagnostics name it and the flow's id must equal its stem. */
  file: string;
  /** The file's text, exactly as an editor or a store holds it. */
  text: string;
  optionLists?: OptionLists;
  vars: FlowVars;
}

/**
 * One flow file's text checked as `loadFlows` checks each file of a folder (syntax, schema,
 * semantics, the id against the file name, form keys without a HubSpot form, endings that send
 * visitors to other sites), with every diagnostic placed at its line and column in the text.
 * Pure: the text may come from a file, a database or an editor. Never throws on bad data.
 */
export function loadFlowFromText(input: LoadFlowFromTextInput): {
  flow?: ResolvedFlow;
  diagnostics: Diagnostic[];
} {
  const { file, text } = input;
  const parsed = parseJsonSource(file, text);
  if (!parsed.ok) return { diagnostics: [parsed.diagnostic] };
  const result = loadFlowFromData({ ...input, data: parsed.data });
  const diagnostics = [...result.diagnostics];
  const flow = result.flow;
  const stem = file.replace(/\.json$/, '');
  const place = () => diagnostics.map((d) => locate(parsed.source, d));
  if (!flow) return { diagnostics: place() };
  if (flow.id !== stem) {
    diagnostics.push(idDiffersFromFileName('Flow', file, flow.id, stem));
    return { diagnostics: place() };
  }
  flow.submissions.forEach((sub, i) => {
    const hint = input.unconfiguredForm?.(sub.formKey);
    if (hint === undefined) return;
    diagnostics.push({
      file,
      pointer: `/submissions/${i}/formKey`,
      severity: 'warning',
      message: `Form key "${sub.formKey}" has no HubSpot form: its leads are stored and held, never delivered`,
      hint,
      code: 'form-key.no-hubspot-form',
      args: { form: sub.formKey },
    });
  });
  // Partial leads sent to HubSpot go to a form key too: one without a form is the same finding.
  const partialKey = flow.saveProgress?.formKey;
  const partialHint = partialKey === undefined ? undefined : input.unconfiguredForm?.(partialKey);
  if (partialKey !== undefined && partialHint !== undefined) {
    diagnostics.push({
      file,
      pointer: '/saveProgress/formKey',
      severity: 'warning',
      message: `Form key "${partialKey}" has no HubSpot form: its partial leads are stored and held, never delivered`,
      hint: partialHint,
      code: 'form-key.no-hubspot-form',
      args: { form: partialKey },
    });
  }
  const links = checkEndingLinks(flow, file, input.linkHosts);
  diagnostics.push(...links);
  // An ending no browser should follow, or a host outside an enforced list: refused as any error.
  if (links.some((d) => d.severity !== 'warning')) return { diagnostics: place() };
  return { flow, diagnostics: place() };
}

/**
 * One shared option list's text (`options/<listId>.json`) checked as `loadOptionLists` checks
 * its file (syntax, then `loadOptionListsFromData`: schema, unique values, the id against the
 * file name), with every diagnostic placed at its line and column. Pure, like `loadFlowFromText`.
 */
export function loadOptionListFromText(input: { listId: string; text: string }): {
  options?: FlowOption[];
  diagnostics: Diagnostic[];
} {
  const parsed = parseJsonSource(`options/${input.listId}.json`, input.text);
  if (!parsed.ok) return { diagnostics: [parsed.diagnostic] };
  const lists = loadOptionListsFromData({ [input.listId]: parsed.data });
  const diagnostics = lists.diagnostics.map((d) => locate(parsed.source, d));
  const options = lists.optionLists[input.listId];
  return options && diagnostics.length === 0 ? { options, diagnostics } : { diagnostics };
}
