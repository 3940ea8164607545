/**
 * The flow studio's store from the command line (`npm run flows -- export | publish`), over the
 * database the environment names (LEADS_DB or DATABASE_URL). Both first import the flows folder's
 * files by the catalogue's rule (site/server/flows/flow-seeder.ts), as a server does at start, so
 * numbering continues from the versions in git and an edited file is not lost.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { formatDiagnostic, type Diagnostic, type FlowVars } from '@/engine';
import { env } from '@/site/env';
import { FlowCatalogue } from '@/site/server/flows/flow-catalogue';
import { flowLinkHosts } from '@/site/server/flows/flow-link-hosts';
import { loadFlowRegistry } from '@/site/server/flows/flow-registry';
import { describeImport } from '@/site/server/flows/flow-seeder';
import { siteDatabase } from '@/site/server/runtime/site-runtime';

/** A diagnostic as `check` prints it, with the path of the file it names. */
function formatter(dir: string, file?: string) {
  return (d: Diagnostic) =>
    formatDiagnostic(
      d,
      path.relative(
        process.cwd(),
        file !== undefined && d.file === path.basename(file) ? file : path.resolve(dir, d.file),
      ),
    );
}

async function seeded(dir: string, vars: FlowVars): Promise<FlowCatalogue> {
  // The runtime's database; the folder may be another than the site's (`--dir`). Endings are
  // held to the deployment's link hosts, as the studio's publish holds them.
  const linkHosts = flowLinkHosts(env);
  const files = loadFlowRegistry(dir, vars, { linkHosts });
  const store = new FlowCatalogue({
    flowsDir: dir,
    vars,
    database: siteDatabase,
    files,
    linkHosts,
  });
  const { imported, diagnostics } = await store.seed();
  for (const i of imported) console.error(describeImport(i));
  const format = formatter(dir);
  for (const d of diagnostics) console.error(`not imported: ${format(d)}`);
  return store;
}

/**
 * Writes each flow's latest published version to `<dir>/<id>.json` and each shared option list's
 * to `<dir>/options/<listId>.json`, exactly as stored.
 */
export async function exportFlows(dir: string, vars: FlowVars): Promise<number> {
  const store = await seeded(dir, vars);
  const latest = await store.latestVersions();
  for (const v of latest) {
    // An option list's id is `options/<listId>`: it goes back to its own folder.
    const file = path.join(dir, `${v.flowId}.json`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, v.source);
  }
  console.log(
    `${latest.length} flows written to ${dir}: ` +
      latest.map((v) => `${v.flowId}@${v.version}`).join(', '),
  );
  return 0;
}

/** Publishes a flow file's text as its flow's next version; 1 with the diagnostics on errors. */
export async function publishFlow(
  file: string,
  meta: { author: string; note: string },
  dir: string,
  vars: FlowVars,
): Promise<number> {
  const store = await seeded(dir, vars);
  const flowId = path.basename(file, '.json');
  const result = await store.publish(flowId, readFileSync(file, 'utf8'), meta);
  const format = formatter(dir, file);
  const diagnostics = result.ok ? result.warnings : result.diagnostics;
  for (const d of diagnostics) console.error(format(d));
  if (!result.ok) {
    const problems = diagnostics.filter((d) => d.severity !== 'warning').length;
    console.error(`${problems} problem(s) found: ${flowId} not published.`);
    return 1;
  }
  console.log(`Published ${flowId} version ${result.version}.`);
  return 0;
}
