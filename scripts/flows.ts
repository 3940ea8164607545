/*
 * `npm run flows -- <command>`: the flow tool for marketers and testers.
 *   check [--dir DIR] [--env] [--strict] [--hubspot]
 *                                validate every flow; exit 1 when any has a problem (or, with
 *                                --strict, a warning); --env warns about form keys with no
 *                                HUBSPOT_FORM_<KEY> in the environment; an ending linking to a
 *                                host outside FLOW_LINK_HOSTS warns (an error once it is set);
 *                                --hubspot also reads HubSpot's forms (HUBSPOT_ACCESS_TOKEN) and
 *                                checks what each flow sends against them (exit 1 on a finding:
 *                                HubSpot would refuse leads); without a token it says it skipped
 *   paths <flowId> [--json]      paths that together take every transition (--json: machine-readable)
 *     --all [--max N]            every path instead, up to N (default 1000), saying how many are left out
 *   graph <flowId>               the flow as a Mermaid stateDiagram-v2
 *   cases <flowId> [--format json|csv|gherkin]
 *                                test cases in the visitor's words: the covering paths, more paths
 *                                until every option is picked, each step's negative cases (fields
 *                                left empty or wrong, Back); text by default
 *   coverage                     per flow, the transitions the last browser run walked / all
 *   bodies [--write]             the HubSpot bodies each flow's covering paths send, against the
 *                                recorded ones (tests/fixtures/hubspot-bodies.json); exit 1 on a
 *                                difference; --write records them (the flows folder's files)
 *     paths, graph, cases, coverage describe what visitors get: the catalogue's live versions over
 *     the configured database (DATABASE_URL, or LEADS_DB when that file exists), else the files;
 *     each says which version and source it describes. --version N: a published version;
 *     --files: the flows folder even with a database; --dir DIR: that folder's files
 *   export [--dir DIR]           write each flow's latest published version (the database's
 *                                flow studio store) to DIR/<id>.json, exactly as stored
 *   publish <file> --author A [--note N] [--dir DIR]
 *                                publish a flow file's text as its flow's next version
 * `check` also warns about a flow that no page places (read from the content source and the
 * shell, as the browser path tests read it).
 * Brand placeholders are filled from BRAND_NAME / BRAND_SLUG (site/env.ts defaults).
 */
import {
  allTransitions,
  computeValues,
  countPaths,
  endingTexts,
  coveringPaths,
  didYouMean,
  exploreFlow,
  flowToMermaid,
  flowCases,
  formatCases,
  formatDiagnostic,
  hiddenSent,
  CASE_FORMATS,
  type CaseFormat,
  type Diagnostic,
  type ResolvedFlow,
} from '@/engine';
import { getContentSource } from '@/site/content/get-content-source';
import { env, hubspotForms } from '@/site/env';
import {
  flowPlacements,
  placementsOfUnknownFlows,
  unplacedFlows,
} from '@/site/flows/flow-placements';
import { loadFlowRegistry, type FlowRegistry } from '@/site/server/flows/flow-registry';
import {
  describedAs,
  describedFiles,
  describedFlows,
  type DescribedFlows,
} from '@/site/server/flows/described-flows';
import { flowLinkHosts } from '@/site/server/flows/flow-link-hosts';
import { SITE_FLOWS_DIR, siteFlowVars } from '@/site/server/flows/site-flow-registry';
import { unconfiguredForm } from '@/site/server/leads/form-key';
import { siteRuntime } from '@/site/server/runtime/site-runtime';
import { bodiesCommand } from './flow-bodies-command';
import { exportFlows, publishFlow } from './flow-store-commands';
import { hubspotDiagnostics } from './hubspot-check';
import {
  WALKED_TRANSITIONS_FILE,
  lastRunWalks,
} from '@/tests/e2e/flows/support/walked-transitions';

const USAGE = `Usage: npm run flows -- <command>
  check [--dir DIR] [--env] [--strict] [--hubspot]
                             validate every flow in flows/ (or DIR); --env also warns about
                             form keys with no HUBSPOT_FORM_<KEY>; --strict fails on warnings;
                             --hubspot checks what the flows send against HubSpot's forms
                             (needs HUBSPOT_ACCESS_TOKEN) and fails on any finding
  paths <flowId> [--json]    list paths that together take every transition
        [--all [--max N]]    list every path, up to N (default 1000)
  graph <flowId>             print the flow as a Mermaid stateDiagram-v2
  cases <flowId> [--format json|csv|gherkin]
                             test cases: every transition and option, negative cases, Back
  coverage                   per flow, transitions walked by the last browser run / all
  bodies [--write]           compare what each covering path sends to HubSpot with the record
                             in tests/fixtures/hubspot-bodies.json; --write records it anew
    paths, graph, cases and coverage describe the flows visitors get: the live versions in the
    database (DATABASE_URL, or LEADS_DB when the file exists), else the files in flows/;
    --version N a published version, --files the files in flows/, --dir DIR another folder
  export [--dir DIR]         write each flow's latest published version to DIR/<id>.json
  publish <file> --author A [--note N] [--dir DIR]
                             publish a flow file as its flow's next version`;

const isCaseFormat = (format: string): format is CaseFormat =>
  (CASE_FORMATS as readonly string[]).includes(format);

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

/**
 * What a describing command (paths, graph, coverage) reads: the flows visitors get (the
 * catalogue over the configured database, described-flows.ts); `--files` the flows folder;
 * `--dir DIR` that folder's files.
 */
async function describing(args: string[]): Promise<DescribedFlows> {
  if (option(args, '--dir') !== undefined) return describedFiles(load(args));
  return describedFlows({ files: args.includes('--files') });
}

/**
 * The flow a describing command is about: `--version N` of it, else its newest; or the exit
 * code after saying why there is none.
 */
async function describedFlow(
  described: DescribedFlows,
  id: string | undefined,
  args: string[],
): Promise<ResolvedFlow | number> {
  const { registry } = described;
  const newest = id === undefined ? undefined : registry.get(id);
  if (id === undefined || !newest) {
    for (const d of registry.diagnostics) console.error(registry.format(d));
    console.error(
      id === undefined
        ? USAGE
        : `No valid flow "${id}" in ${described.source}. Valid flows: ${registry.ids().join(', ')}`,
    );
    return 1;
  }
  const asked = option(args, '--version');
  if (asked === undefined) return newest;
  const version = /^[1-9][0-9]*$/.test(asked) ? Number(asked) : 0;
  const flow = version > 0 ? await described.version(id, version) : undefined;
  if (!flow) {
    const versions = await described.versionsOf(id);
    const range =
      versions.length > 1 ? `${versions[0]} to ${versions.at(-1)}` : String(versions[0]);
    console.error(
      `Flow "${id}" has no version ${asked} in ${described.source}: its versions are ${range}`,
    );
    return 1;
  }
  return flow;
}

/**
 * The site's registry over `flows/` (or --dir), with the brand the site uses and the hosts its
 * endings may link to (FLOW_LINK_HOSTS, SITE_URL, SCHEDULER_URL: flow-link-hosts.ts).
 */
function load(args: string[]) {
  return loadFlowRegistry(option(args, '--dir') ?? SITE_FLOWS_DIR, siteFlowVars(), {
    linkHosts: flowLinkHosts(env),
    ...(args.includes('--env') ? { unconfiguredForm: unconfiguredForm(hubspotForms) } : {}),
  });
}

const PAGE = 'page ';

/**
 * An error for each page that places a flow no valid file defines (the page could not be
 * built), and a warning for each valid flow that no page places: no visitor sees it, no
 * browser walks it.
 */
async function placementDiagnostics(registry: FlowRegistry): Promise<Diagnostic[]> {
  const placements = await flowPlacements(getContentSource(), registry.flows);
  const unknown = placementsOfUnknownFlows(registry.ids(), placements).map((p): Diagnostic => ({
    file: `page ${p.path}`,
    pointer: '/forms',
    message: `The page places flow "${p.flowId}", which no valid file in the flows folder defines`,
    hint: `${didYouMean(p.flowId, registry.ids())}Add ${p.flowId}.json, or correct the id in the page's "forms"`,
  }));
  const unplaced = unplacedFlows(registry.ids(), placements).map((id): Diagnostic => ({
    file: `${id}.json`,
    pointer: '',
    message: `Flow "${id}" is placed on no page, so no visitor sees it and no browser test walks it`,
    hint: 'List it under "forms" of a page in content/pages (or the CMS)',
    severity: 'warning',
  }));
  return [...unknown, ...unplaced];
}

/** Per flow: the transitions the last browser run of the path tests walked, of all it has. */
async function coverage(described: DescribedFlows): Promise<number> {
  const { registry } = described;
  const walked = lastRunWalks();
  if (!walked) {
    console.error(
      `No browser run recorded in ${WALKED_TRANSITIONS_FILE}: run ` +
        'npx playwright test tests/e2e/flows/questionnaire-paths.spec.ts',
    );
    return 1;
  }
  console.log(
    `Transitions walked by the browser run of ${walked.at}, of the flows in ${described.source}:`,
  );
  // The booking island's flows are driven by booking.spec.ts with the scheduler, which does
  // not record its transitions: say so rather than let 0/N read as untested.
  const placements = await flowPlacements(getContentSource(), registry.flows);
  const bookingOnly = (id: string) =>
    placements.some((p) => p.flowId === id) &&
    placements.every((p) => p.flowId !== id || p.host === 'booking');
  let taken = 0;
  let total = 0;
  for (const id of registry.ids()) {
    const all = allTransitions(registry.get(id)!);
    const seen = walked.byFlow.get(id) ?? new Set<string>();
    const count = all.filter((t) => seen.has(t)).length;
    taken += count;
    total += all.length;
    const note = bookingOnly(id) ? '  (booking island: booking.spec.ts, not recorded)' : '';
    const version = `v${registry.get(id)!.version}`;
    console.log(`  ${id.padEnd(20)} ${version.padEnd(5)} ${count}/${all.length}${note}`);
  }
  console.log(`  ${'all flows'.padEnd(26)} ${taken}/${total}`);
  return 0;
}

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'coverage') return await coverage(await describing(rest));
  if (command === 'bodies') return bodiesCommand(rest);
  const vars = siteFlowVars();
  const dir = option(rest, '--dir') ?? SITE_FLOWS_DIR;
  if (command === 'export') return await exportFlows(dir, vars);
  if (command === 'publish') {
    const file = rest[0];
    const author = option(rest, '--author');
    if (file === undefined || file.startsWith('--') || author === undefined) {
      console.error(USAGE);
      return 1;
    }
    return await publishFlow(file, { author, note: option(rest, '--note') ?? '' }, dir, vars);
  }
  if (command === 'check') {
    const registry = load(rest);
    const flows = registry.flows;
    const hubspot = rest.includes('--hubspot') ? await hubspotDiagnostics(registry) : [];
    const diagnostics = [
      ...registry.diagnostics,
      ...(await placementDiagnostics(registry)),
      ...hubspot,
    ];
    // A page is no file of the flows folder: its diagnostics name the page as it is.
    for (const d of diagnostics)
      console.error(d.file.startsWith(PAGE) ? formatDiagnostic(d) : registry.format(d));
    const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
    const problems = diagnostics.length - warnings;
    if (problems > 0) console.error(`${problems} problem(s) found.`);
    if (warnings > 0)
      console.error(
        `${warnings} warning(s)${rest.includes('--strict') ? ' (--strict: they fail the check)' : ''}.`,
      );
    // A HubSpot finding is a warning in the studio, but here it fails the check it was asked for.
    if (hubspot.length > 0)
      console.error(`${hubspot.length} HubSpot finding(s): HubSpot would refuse those leads.`);
    if (problems > 0 || hubspot.length > 0 || (warnings > 0 && rest.includes('--strict'))) return 1;
    console.log(`${Object.keys(flows).length} flows valid: ${Object.keys(flows).join(', ')}`);
    return 0;
  }
  const format = rest.includes('--format') ? (option(rest, '--format') ?? '') : 'text';
  if (command === 'cases' && !isCaseFormat(format)) {
    console.error(`Unknown format "${format}": --format takes ${CASE_FORMATS.join(', ')}`);
    return 2;
  }
  if (command === 'paths' || command === 'graph' || command === 'cases') {
    const id = rest.find(
      (a, i) =>
        !a.startsWith('--') &&
        !['--dir', '--max', '--version', '--format'].includes(rest[i - 1] ?? ''),
    );
    const described = await describing(rest);
    const flow = await describedFlow(described, id, rest);
    if (typeof flow === 'number') return flow;
    // The output may be read by a program (Mermaid, JSON): what it describes goes to stderr.
    const about = `${command} of ${describedAs(flow, described.source)}`;
    if (command === 'graph') {
      console.error(about);
      process.stdout.write(flowToMermaid(flow));
      return 0;
    }
    if (command === 'cases' && isCaseFormat(format)) {
      if (format === 'text') console.log(`${about}:`);
      else console.error(about);
      process.stdout.write(formatCases(flowCases(flow), format));
      return 0;
    }
    const all = rest.includes('--all');
    const max = Number(option(rest, '--max') ?? 1000);
    if (!Number.isInteger(max) || max < 1) {
      console.error('--max takes a positive whole number');
      return 1;
    }
    const explored = all ? exploreFlow(flow, { maxPaths: max }) : undefined;
    const paths = explored?.paths ?? coveringPaths(flow);
    // The texts of an ending that shows computed values, as the path fills them in (a visit
    // bringing no hidden value); other endings show their texts as the file has them.
    const shownOn = (p: (typeof paths)[number]) => {
      const ending = flow.endings.find((e) => e.id === p.ending);
      return ending?.kind === 'screen' && ending.shows ? endingTexts(ending, p.answers) : undefined;
    };
    if (rest.includes('--json')) {
      console.error(about);
      const out = paths.map((p) => ({
        steps: p.steps,
        ending: p.ending,
        ...(flow.computed && { computed: computeValues(flow, p.answers) }),
        ...(shownOn(p) && { shows: shownOn(p) }),
        submissions: p.submissions,
      }));
      process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
      return 0;
    }
    console.log(`${about}:`);
    paths.forEach((p, i) => {
      const steps = p.steps.map((s) => `${s.step}=${JSON.stringify(s.answer)}`).join(' → ');
      const sends = p.submissions.map((s) => s.formKey).join(', ') || 'nothing';
      console.log(`${i + 1}. ${steps} → ${p.ending} (sends ${sends})`);
      // Each computed value on this path (a visit bringing no hidden value); null is unknown.
      const values = Object.entries(flow.computed ? computeValues(flow, p.answers) : {});
      if (values.length > 0)
        console.log(`   ${values.map(([n, v]) => `${n} = ${JSON.stringify(v)}`).join(', ')}`);
      const shown = shownOn(p);
      if (shown) console.log(`   shows: ${[shown.heading, ...shown.body].join('\n          ')}`);
    });
    if (flow.hidden.length > 0) {
      const source = (h: (typeof flow.hidden)[number]) =>
        h.from === 'query' ? `?${h.param}` : h.from;
      console.log(
        `captured without asking: ${flow.hidden.map((h) => `${h.name} (${source(h)})`).join(', ')}`,
      );
      for (const { formKey, names } of hiddenSent(flow)) {
        console.log(`  ${formKey} sends, when the visit brings them: ${names.join(', ')}`);
      }
    }
    const transitions = allTransitions(flow).length;
    const taken = new Set(paths.flatMap((p) => p.transitions)).size;
    if (!explored) {
      console.log(
        `${paths.length} paths taking ${taken}/${transitions} transitions (--all lists every path)`,
      );
    } else if (explored.truncated) {
      // Counting on the graph is exact for the transitions and an upper bound for the paths a
      // visitor can take (a condition on an earlier answer can rule some out).
      const left = countPaths(flow) - BigInt(paths.length);
      console.log(
        `first ${paths.length} paths listed; at most ${left} more left out (raise --max); ` +
          `transitions covered ${taken}/${transitions}`,
      );
    } else {
      console.log(`${paths.length} paths; transitions covered ${taken}/${transitions}`);
    }
    return 0;
  }
  console.error(USAGE);
  return command === undefined || command === '--help' ? 0 : 1;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} finally {
  // A PostgreSQL pool would keep the process alive (export and publish open the database).
  await siteRuntime().close();
}
