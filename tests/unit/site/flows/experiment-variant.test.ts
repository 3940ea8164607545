// @vitest-environment jsdom
/**
 * The browser's choice of variant when a test serves two flows at one placement (`client` placed
 * on the home page, `clientPrequal` as variant B): saved progress found under the other flow's
 * own key decides (a reload, or a resume link that opens the page it was answered on), the
 * variant kept for the visit holds across page loads, the tag names the flow that runs (so its
 * events and lead carry it), and Do Not Track gets the control, untagged. The public list comes
 * from a fake `GET /api/experiments` (the network).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { progressStorageKey } from '@/site/flows/progress-key';
import type { PublicExperiments } from '@/site/flows/public-experiments';

const list: PublicExperiments = {
  experiments: [
    {
      id: 5,
      path: '/',
      flow: 'client',
      promoted: false,
      variants: [
        { key: 'A', flow: 'client', version: 3, weight: 1, start: 'phase' },
        { key: 'B', flow: 'clientPrequal', version: 1, weight: 1, start: 'amount' },
      ],
    },
  ],
};

/** A page load: the modules afresh (one list request per page), session storage kept. */
async function pageLoad(answer: PublicExperiments = list) {
  vi.resetModules();
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(answer)))),
  );
  const [{ chooseVariant }, { variantTag }] = await Promise.all([
    import('@/site/flows/experiment-variant'),
    import('@/site/flows/variant-tag'),
  ]);
  return { chooseVariant, variantTag };
}

describe('choosing a variant of a two-flow test', () => {
  beforeEach(() => {
    sessionStorage.clear();
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('goes on in the other flow when its progress is saved under its own id', async () => {
    sessionStorage.setItem(
      progressStorageKey('clientPrequal'),
      JSON.stringify({ version: 1, step: 'years' }),
    );
    const { chooseVariant, variantTag } = await pageLoad();
    expect(await chooseVariant('client')).toMatchObject({ key: 'B', flow: 'clientPrequal' });
    // What the flow that runs records is tagged; the placed flow's version is not.
    expect(variantTag('clientPrequal', 1)).toEqual({ experiment: 5, variant: 'B' });
    expect(variantTag('client', 3)).toBeUndefined();
  });

  it('keeps the assigned variant, and its flow, across page loads', async () => {
    const first = await (await pageLoad()).chooseVariant('client');
    expect(['client', 'clientPrequal']).toContain(first!.flow);
    for (let i = 0; i < 3; i++) {
      expect(await (await pageLoad()).chooseVariant('client')).toEqual(first);
    }
  });

  it('serves the control, untagged, with Do Not Track', async () => {
    sessionStorage.setItem(progressStorageKey('clientPrequal'), JSON.stringify({ version: 1 }));
    const { chooseVariant, variantTag } = await pageLoad();
    vi.stubGlobal('navigator', { ...navigator, doNotTrack: '1' });
    expect(await chooseVariant('client')).toMatchObject({ key: 'A', flow: 'client' });
    expect(variantTag('clientPrequal', 1)).toBeUndefined();
  });

  it('reads a list from before variants named their flow as the placed flow', async () => {
    const old = JSON.parse(JSON.stringify(list)) as PublicExperiments;
    for (const v of old.experiments[0]!.variants) delete (v as Partial<typeof v>).flow;
    const { chooseVariant } = await pageLoad(old);
    expect((await chooseVariant('client'))!.flow).toBe('client');
  });
});
