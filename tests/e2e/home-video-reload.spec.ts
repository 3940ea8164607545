/**
 * A home-page video marked to reload (`data-reload`) restarts from the beginning when the tab
 * becomes visible again; an unmarked video, and a tab that is being hidden, are left alone.
 * The videos are real WebM files recorded in the page (no network), played by Chromium.
 */
import { expect, test, type Page } from '@playwright/test';

/**
 * Records ~4 s of a changing canvas as WebM and adds two muted videos playing it (no loop: a
 * video that ended keeps its last position, so a restart from 0 is unambiguous).
 */
async function addPlayingVideos(page: Page) {
  await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 64;
    const context = canvas.getContext('2d')!;
    let frame = 0;
    const paint = window.setInterval(() => {
      context.fillStyle = `hsl(${(frame += 12) % 360} 80% 50%)`;
      context.fillRect(0, 0, 64, 64);
    }, 33);
    const recorder = new MediaRecorder(canvas.captureStream(30), { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start(250);
    await new Promise((resolve) => window.setTimeout(resolve, 4000));
    recorder.stop();
    await stopped;
    window.clearInterval(paint);
    const src = URL.createObjectURL(new Blob(chunks, { type: 'video/webm' }));
    for (const id of ['marked', 'plain']) {
      const video = document.createElement('video');
      video.id = id;
      if (id === 'marked') video.dataset.reload = '';
      Object.assign(video, { src, muted: true, playsInline: true });
      document.querySelector('main')!.append(video);
      await video.play();
    }
  });
}

const currentTime = (page: Page, id: string) =>
  page.locator(`#${id}`).evaluate((video: HTMLVideoElement) => video.currentTime);

/** Tells the page its tab is now `state`, as the browser does when the tab is switched. */
async function setVisibility(page: Page, state: 'hidden' | 'visible') {
  await page.evaluate((next) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => next });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => next === 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

test('a video marked to reload restarts when the tab becomes visible again', async ({ page }) => {
  await page.goto('/');
  // The slider's controls work once the page is hydrated, and with them the listener.
  const toggle = page.getByRole('button', { name: /Pause slides|Play slides/ });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await addPlayingVideos(page);

  // Both videos play past the first second.
  await expect.poll(() => currentTime(page, 'marked'), { timeout: 10_000 }).toBeGreaterThan(1.2);
  await expect.poll(() => currentTime(page, 'plain')).toBeGreaterThan(1.2);

  // Hiding the tab restarts nothing.
  await setVisibility(page, 'hidden');
  expect(await currentTime(page, 'marked')).toBeGreaterThan(1);

  await setVisibility(page, 'visible');
  // The marked video went back to the start and plays on; the plain one did not move back.
  expect(await currentTime(page, 'marked')).toBeLessThan(0.6);
  expect(await currentTime(page, 'plain')).toBeGreaterThan(1);
  await expect
    .poll(() => page.locator('#marked').evaluate((video: HTMLVideoElement) => video.paused))
    .toBe(false);
  const restartedAt = await currentTime(page, 'marked');
  await expect.poll(() => currentTime(page, 'marked')).toBeGreaterThan(restartedAt + 0.2);
});

test('a paused marked video is played again from the start when the tab returns', async ({
  page,
}) => {
  await page.goto('/');
  const toggle = page.getByRole('button', { name: /Pause slides|Play slides/ });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await addPlayingVideos(page);
  await expect.poll(() => currentTime(page, 'marked'), { timeout: 10_000 }).toBeGreaterThan(1.2);
  await page.locator('#marked').evaluate((video: HTMLVideoElement) => video.pause());

  await setVisibility(page, 'hidden');
  await setVisibility(page, 'visible');
  await expect
    .poll(() => page.locator('#marked').evaluate((video: HTMLVideoElement) => video.paused))
    .toBe(false);
  expect(await currentTime(page, 'marked')).toBeLessThan(0.8);
});
