/*
 * `npm run flows -- bodies [--write]`: what each flow's covering paths send to HubSpot, against
 * the record the tests compare with (tests/fixtures/hubspot-bodies.json).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadFlowRegistry } from '@/site/server/flows/flow-registry';
import { SITE_FLOWS_DIR, siteFlowVars } from '@/site/server/flows/site-flow-registry';
import {
  HUBSPOT_BODIES_FILE,
  RECORD_BODIES_COMMAND,
  allBodiesDifferences,
  flowsBodies,
  formatRecordedBodies,
  recordedBodies,
} from '@/tests/e2e/flows/support/hubspot-bodies';

/**
 * What each flow's covering paths send to HubSpot, against the record the tests compare with
 * (tests/e2e/flows/support/hubspot-bodies.ts); `--write` records it. Always the flows folder's
 * files, which a fresh test database is seeded with: compared under the recorded brand, recorded
 * under the site's.
 */
export function bodiesCommand(args: string[]): number {
  const write = args.includes('--write');
  const brand = write ? siteFlowVars() : recordedBodies().brand;
  const registry = loadFlowRegistry(SITE_FLOWS_DIR, brand);
  const problems = registry.diagnostics.filter((d) => d.severity !== 'warning');
  if (problems.length > 0) {
    for (const d of problems) console.error(registry.format(d));
    console.error('A flow with a problem sends nothing to record: fix it first (flows -- check).');
    return 1;
  }
  const now = flowsBodies(registry.flows);
  const paths = Object.values(now).reduce((n, p) => n + Object.keys(p).length, 0);
  if (write) {
    writeFileSync(path.resolve(HUBSPOT_BODIES_FILE), formatRecordedBodies({ brand, flows: now }));
    console.log(
      `Recorded the bodies of ${paths} paths of ${Object.keys(now).length} flows in ${HUBSPOT_BODIES_FILE}`,
    );
    return 0;
  }
  const differences = allBodiesDifferences(now, recordedBodies().flows);
  for (const d of differences) console.error(d);
  if (differences.length > 0) {
    console.error(
      `${differences.length} difference(s) from ${HUBSPOT_BODIES_FILE}; when intended: ${RECORD_BODIES_COMMAND}`,
    );
    return 1;
  }
  console.log(`${paths} paths of ${Object.keys(now).length} flows send the recorded bodies`);
  return 0;
}
