/**
 * Where a flow is placed is data the browser tests read: a flow file added to the flows folder
 * and placed on a content page is in the walk list of the generated path tests
 * (tests/e2e/flows/questionnaire-paths.spec.ts iterates `browserWalks` over the same
 * placements), with no test edited; a flow placed nowhere is reported by `flows check`.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { allTransitions } from '@/engine';
import { getContentSource } from '@/site/content/get-content-source';
import {
  flowPlacements,
  placementsOfUnknownFlows,
  unplacedFlows,
  type PlacementContent,
} from '@/site/flows/flow-placements';
import { loadFlowRegistry } from '@/site/server/flows/flow-registry';
import { loadSiteFlowFiles } from '@/site/server/flows/site-flow-registry';
import { browserWalks } from '@/tests/e2e/flows/support/browser-walks';

const run = promisify(execFile);
const VARS = { brandName: 'Sample Firm', brandSlug: 'samplefirm' };

/** A new questionnaire a marketer might add: a branch, a fields step, a submitting ending. */
const fixtureQuiz = {
  id: 'fixtureQuiz',
  version: 1,
  title: 'Fixture quiz',
  progress: { mode: 'none' },
  start: 'size',
  steps: [
    {
      id: 'size',
      kind: 'choice',
      question: 'How large is your team?',
      options: ['Small', 'Large'],
      next: {
        branches: [{ when: { answer: 'size', equals: 'Large' }, to: 'offices' }],
        otherwise: 'form',
      },
    },
    {
      id: 'offices',
      kind: 'choice',
      question: 'How many offices do you have?',
      options: ['One', 'Several'],
      next: 'form',
    },
    {
      id: 'form',
      kind: 'fields',
      fields: [{ name: 'email', type: 'email', label: 'Email' }],
      submitLabel: 'Submit',
      next: 'done',
    },
  ],
  endings: [{ id: 'done', kind: 'screen', submits: true, heading: 'Thank you.' }],
  submissions: [
    {
      formKey: 'fixtureQuiz',
      fields: [{ name: 'email', objectTypeId: '0-1', value: { answer: 'email' } }],
    },
  ],
};

/** The repository's flows plus the fixture flow, in a folder of their own. */
function flowsWithFixture(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'placed-flows-'));
  cpSync('flows', dir, { recursive: true });
  writeFileSync(path.join(dir, 'fixtureQuiz.json'), JSON.stringify(fixtureQuiz, null, 2));
  return dir;
}

describe('flow placements', () => {
  it('a new flow placed on a content page is walked by the browser tests', async () => {
    const registry = loadFlowRegistry(flowsWithFixture(), VARS);
    expect(registry.diagnostics).toEqual([]);
    const site = getContentSource();
    // The site's content with one page more, placing the new flow (as an editor would).
    const content: PlacementContent = {
      pages: async () => [
        ...(await site.pages()),
        { path: '/fixture-page', forms: ['fixtureQuiz'] },
      ],
      states: () => site.states(),
      cities: () => site.cities(),
    };
    const before = browserWalks(registry.flows, await flowPlacements(site, registry.flows));
    const after = browserWalks(registry.flows, await flowPlacements(content, registry.flows));

    expect(before.map((w) => w.placement.flowId)).not.toContain('fixtureQuiz');
    const walk = after.find((w) => w.placement.flowId === 'fixtureQuiz');
    expect(walk?.placement).toEqual({
      flowId: 'fixtureQuiz',
      path: '/fixture-page',
      selector: '#form-fixtureQuiz',
      host: 'flow',
    });
    // Its covering paths take every transition, both sides of the branch included.
    const walked = new Set(walk!.paths.flatMap((p) => p.transitions));
    expect([...walked].sort()).toEqual(allTransitions(walk!.flow).sort());
    expect(walk!.paths.map((p) => p.steps.map((s) => s.step))).toContainEqual([
      'size',
      'offices',
      'form',
    ]);
    // Nothing else changed: every other flow is walked where it was.
    expect(after.filter((w) => w !== walk).map((w) => w.placement)).toEqual(
      before.map((w) => w.placement),
    );
  });

  it('names the placements of a flow no file defines', async () => {
    const site = getContentSource();
    const content: PlacementContent = {
      pages: async () => [...(await site.pages()), { path: '/typo-page', forms: ['tellUsMor'] }],
      states: () => site.states(),
      cities: () => site.cities(),
    };
    const { flows } = loadSiteFlowFiles();
    const ids = Object.keys(flows);
    expect(placementsOfUnknownFlows(ids, await flowPlacements(site, flows))).toEqual([]);
    expect(placementsOfUnknownFlows(ids, await flowPlacements(content, flows))).toEqual([
      { flowId: 'tellUsMor', path: '/typo-page', selector: '#form-tellUsMor', host: 'flow' },
    ]);
  });

  it('places every site flow, and walks the questionnaires on their pages', async () => {
    const placements = await flowPlacements(getContentSource(), loadSiteFlowFiles().flows);
    expect(unplacedFlows(loadSiteFlowFiles().ids(), placements)).toEqual([]);
    const walked = browserWalks(loadSiteFlowFiles().flows, placements).map((w) => w.placement);
    expect(walked).toEqual(
      expect.arrayContaining([
        { flowId: 'client', path: '/', selector: '#form-client', host: 'flow' },
        { flowId: 'grants', path: '/grant-service', selector: '#form-grants', host: 'flow' },
        { flowId: 'careers', path: '/careers', selector: '#form-careers', host: 'flow' },
        { flowId: 'newsletter', path: '/', selector: '#newsletter', host: 'flow' },
      ]),
    );
    // The booking island's flows are walked by booking.spec.ts, with the scheduler.
    expect(walked.map((p) => p.flowId)).not.toContain('bookConsult');
    expect(placements).toContainEqual(
      expect.objectContaining({ flowId: 'bookingRequest', path: '/book-consult', host: 'booking' }),
    );
  });

  it('check warns about a flow placed on no page', { timeout: 60_000 }, async () => {
    const tsx = path.join(process.cwd(), 'node_modules/.bin/tsx');
    const { stdout, stderr } = await run(tsx, [
      'scripts/flows.ts',
      'check',
      '--dir',
      flowsWithFixture(),
    ]);
    expect(stderr).toMatch(
      /fixtureQuiz\.json:\/: warning: Flow "fixtureQuiz" is placed on no page/,
    );
    expect(stderr).not.toMatch(/"client" is placed on no page/);
    expect(stdout).toContain('15 flows valid');
  });
});
