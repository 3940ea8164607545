/**
 * Every flow placed on a page (site/flows/flow-placements.ts: the content's `forms`, the fixed
 * templates' slots and the footer), walked in Chromium through the visible UI on its first
 * placement, along its covering paths (coveringPaths: together they take every transition of
 * the flow, without listing all paths, which doubles with every independent branch). A flow
 * placed on a page is walked here with no test edited. Each test asserts the ending the visitor
 * sees and reads the lead back from the server's outbox: flow id, answers, page and the HubSpot
 * bodies, against the engine's and against those recorded before (support/hubspot-bodies.ts);
 * the transitions it walked are recorded for `npm run flows -- coverage`.
 */
import { expect, test } from '@playwright/test';
import { findEnding, findStep, type Answers } from '@/engine/client';
import { browserWalks } from './support/browser-walks';
import {
  answerStep,
  expectStep,
  leadResponse,
  stepAnswers,
  visitorIp,
} from './support/flow-driver';
import { readLead } from './support/lead-store';
import { liveDatabase, repoFlows, sitePlacements } from './support/repo-flows';
import {
  HUBSPOT_BODIES_FILE,
  RECORD_BODIES_COMMAND,
  comparableBodies,
  pathKeys,
  recordedBodies,
} from './support/hubspot-bodies';
import { recordWalk } from './support/walked-transitions';
import { e2eRunDir } from '../support/run-dir';
import { watchCspViolations } from '../support/csp-violations';
import { axeViolations } from '../support/axe';

/** The page name a lead carries: its path without slashes, `home` for `/`. */
const pageNameOf = (path: string) => path.replace(/^\/+|\/+$/g, '') || 'home';

for (const { placement: host, flow, paths } of browserWalks(repoFlows(), sitePlacements())) {
  test.describe(`${host.flowId} on ${host.path}`, () => {
    test.describe.configure({ timeout: 180_000 });
    test.use({ extraHTTPHeaders: { 'x-forwarded-for': visitorIp() } });

    const keys = pathKeys(paths);
    paths.forEach((path, index) => {
      const trail = path.steps.map((s) => s.step).join(' → ');
      test(`path ${index + 1}/${paths.length}: ${trail} → ${path.ending}`, async ({ page }) => {
        const scope = page.locator(host.selector);
        const cspViolations = watchCspViolations(page);
        await page.goto(host.path);
        const ending = findEnding(flow, path.ending)!;
        const submitted = ending.submits ? leadResponse(page, host.flowId) : undefined;
        let answers: Answers = {};
        for (const pathStep of path.steps) {
          const step = findStep(flow, pathStep.step)!;
          await expectStep(scope, flow, step.id, answers);
          // axe on every step the visitor sees (scoped to the questionnaire).
          expect(await axeViolations(page, host.selector)).toEqual([]);
          await answerStep(scope, flow, step, pathStep.answer, answers);
          answers = { ...answers, ...stepAnswers(pathStep) };
        }

        if (ending.kind === 'screen') {
          await expect(scope.getByRole('heading', { name: ending.heading })).toBeVisible();
        } else if (ending.kind === 'checkout') {
          const service =
            'constant' in ending.service
              ? ending.service.constant
              : String(path.answers[ending.service.answer]);
          await expect(scope.getByRole('heading', { name: `Checkout: ${service}` })).toBeVisible();
          await expect(scope.getByText(/checkout link|Pay securely/)).toBeVisible();
        } else {
          const query = new URLSearchParams(ending.query).toString();
          await expect(page).toHaveURL(
            new RegExp(`${ending.path}\\?${query.replace(/[.?]/g, '\\$&')}$`),
          );
        }

        recordWalk(e2eRunDir(), host.flowId, path.transitions);
        // The whole walk ran under the page's Content-Security-Policy.
        expect(cspViolations()).toEqual([]);
        if (!submitted) return;
        const response = await submitted;
        expect(response.status()).toBe(202);
        const { id } = (await response.json()) as { id: string };
        const lead = readLead(id);
        expect(lead?.flowId).toBe(host.flowId);
        expect(lead?.pageName).toBe(pageNameOf(host.path));
        expect(new URL(lead!.pageUri).pathname).toBe(host.path);
        expect(lead?.answers).toEqual(path.answers);
        // The HubSpot bodies the path produces: same forms, fields, values and consent (file
        // links are the server's own URLs, so only their presence is compared).
        const bodies = comparableBodies(flow, lead!.deliveries);
        expect(bodies).toEqual(comparableBodies(flow, path.submissions));
        // And the bodies recorded before, which the engine of this run cannot have moved. A
        // database of the run's own serves its live versions, which the record does not describe.
        if (liveDatabase()) return;
        const recorded = recordedBodies().flows[host.flowId]?.[keys[index]!];
        expect(
          bodies,
          `${HUBSPOT_BODIES_FILE}, flow "${host.flowId}", path "${keys[index]}" (intended? ${RECORD_BODIES_COMMAND})`,
        ).toEqual(recorded);
      });
    });
  });
}
