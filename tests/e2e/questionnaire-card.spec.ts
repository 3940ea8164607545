/**
 * Every questionnaire (a flow with numbered steps) opens, where a page places it, with its
 * progress drawn and its reassurance beside the first question, before any script has run.
 */
import { expect, test } from '@playwright/test';
import { browserWalks } from './flows/support/browser-walks';
import { repoFlows, sitePlacements } from './flows/support/repo-flows';

const questionnaires = browserWalks(repoFlows(), sitePlacements()).filter(
  (walk) => walk.flow.progress.mode !== 'none' && walk.placement.host === 'flow',
);

test('there are questionnaires to check', () => {
  expect(questionnaires.map((w) => w.flow.id)).toEqual(
    expect.arrayContaining(['client', 'grants', 'careers']),
  );
});

for (const { flow, placement } of questionnaires) {
  test(`${flow.id} on ${placement.path} shows its progress and reassurance`, async ({ page }) => {
    await page.goto(placement.path);
    const scope = page.locator(placement.selector);
    await expect(scope.getByText(/^Question 1 \/ \d+$/)).toBeVisible();
    await expect(scope.locator('.flow-step__bar')).toBeVisible();
    await expect(scope.getByText(flow.reassurance!, { exact: false })).toBeVisible();
    await expect(scope.getByText(/Takes about \d+ minutes?\./)).toBeVisible();
  });
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test(`the home page's first question is on screen without scrolling at ${viewport.width} × ${viewport.height}`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    const question = page.locator('#form-client .flow-step__question');
    await expect(question).toBeInViewport();
    const box = (await question.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
}
