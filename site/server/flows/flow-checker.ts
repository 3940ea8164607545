/**
 * The catalogue's checks: a flow's text as `npm run flows -- check` checks `<flowId>.json` (the
 * JSON Schema, the semantic checks, the brand and the shared option lists), and a shared list's
 * text on its own. A check is a value: the resolved flow, or the diagnostics at their line.
 */
import {
  loadFlowFromText,
  loadOptionListFromText,
  type Diagnostic,
  type FlowVars,
  type LoadFlowsOptions,
} from '@/engine';
import type { OptionListCache, ResolvedLists } from './option-list-cache';

export const isError = (d: Diagnostic) => d.severity !== 'warning';

/**
 * `unconfiguredForm`, `linkHosts`: as the files' registry is loaded with, so a check warns as it
 * does.
 */
export interface FlowCheckerOptions extends LoadFlowsOptions {
  vars: FlowVars;
  lists: OptionListCache;
}

/**
 * `store`: a text about to become a version (a publish, a file's import), held to every rule.
 * `serve`: a version already stored, read to serve it or to compare with it: an enforced
 * `linkHosts` list only warns there, so a host dropped from `FLOW_LINK_HOSTS` never takes a
 * published flow (and the leads of visitors mid-way through it) off the site.
 */
export type CheckPurpose = 'store' | 'serve';

export class FlowChecker {
  constructor(private readonly options: FlowCheckerOptions) {}

  /** A flow's text checked with the shared lists (or `lists`: a list about to change). */
  flow(
    flowId: string,
    source: string,
    lists: ResolvedLists = this.options.lists.lists(),
    purpose: CheckPurpose = 'store',
  ) {
    const linkHosts = this.options.linkHosts;
    const result = loadFlowFromText({
      file: `${flowId}.json`,
      text: source,
      optionLists: lists.optionLists,
      vars: this.options.vars,
      unconfiguredForm: this.options.unconfiguredForm,
      linkHosts: linkHosts && purpose === 'serve' ? { ...linkHosts, enforced: false } : linkHosts,
    });
    const listErrors = lists.diagnostics.filter(isError);
    return listErrors.length > 0 ? { diagnostics: [...listErrors, ...result.diagnostics] } : result;
  }

  /** A shared list's text on its own (its schema, its values). */
  list(listId: string, source: string) {
    return loadOptionListFromText({ listId, text: source });
  }
}
