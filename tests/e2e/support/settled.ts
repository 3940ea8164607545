import type { Page } from '@playwright/test';

/**
 * Waits for the page's finite animations and transitions (a panel fading in, the page fade after
 * an in-place navigation): axe reads colours as they are drawn, and a half-drawn element has a
 * contrast no visitor sees for long (seen under load). Endless animations are not waited for.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => null)),
    ),
  );
}
