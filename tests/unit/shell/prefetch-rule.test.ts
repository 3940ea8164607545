import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createIntentPrefetcher,
  shouldPrefetch,
  type NetworkHints,
} from '@/site/shell/prefetch/prefetch-rule';

describe('shouldPrefetch', () => {
  it('prefetches on a normal connection and when the browser gives no hints', () => {
    expect(shouldPrefetch({ onLine: true })).toBe(true);
    expect(shouldPrefetch({ onLine: true, effectiveType: '4g', saveData: false })).toBe(true);
    expect(shouldPrefetch({ onLine: true, effectiveType: '3g' })).toBe(true);
  });

  it('skips offline, on 2g and slow-2g, and with Save-Data', () => {
    expect(shouldPrefetch({ onLine: false, effectiveType: '4g' })).toBe(false);
    expect(shouldPrefetch({ onLine: true, effectiveType: '2g' })).toBe(false);
    expect(shouldPrefetch({ onLine: true, effectiveType: 'slow-2g' })).toBe(false);
    expect(shouldPrefetch({ onLine: true, effectiveType: '4g', saveData: true })).toBe(false);
  });
});

describe('intent prefetcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  // An idle callback that never finds an idle moment: it runs at its timeout.
  const busyIdle = (callback: () => void, timeoutMs: number) => {
    setTimeout(callback, timeoutMs);
  };

  it('prefetches once per link, at the latest 2 s after the intent', () => {
    const prefetch = vi.fn();
    const onIntent = createIntentPrefetcher({
      prefetch,
      network: () => ({ onLine: true, effectiveType: '4g' }),
      whenIdle: busyIdle,
    });
    onIntent('/financing');
    onIntent('/financing');
    vi.advanceTimersByTime(1999);
    expect(prefetch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(prefetch).toHaveBeenCalledExactlyOnceWith('/financing');
    onIntent('/financing');
    vi.advanceTimersByTime(5000);
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  it('never prefetches on a slow or data-saving connection', () => {
    const prefetch = vi.fn();
    for (const network of [
      { onLine: false },
      { onLine: true, effectiveType: '2g' },
      { onLine: true, effectiveType: 'slow-2g' },
      { onLine: true, saveData: true },
    ] satisfies NetworkHints[]) {
      const onIntent = createIntentPrefetcher({
        prefetch,
        network: () => network,
        whenIdle: busyIdle,
      });
      onIntent('/consulting');
    }
    vi.advanceTimersByTime(10_000);
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('drops a prefetch when the connection degrades before the idle moment, and retries later', () => {
    const prefetch = vi.fn();
    let network: NetworkHints = { onLine: true, effectiveType: '4g' };
    const onIntent = createIntentPrefetcher({
      prefetch,
      network: () => network,
      whenIdle: busyIdle,
    });
    onIntent('/technology');
    network = { onLine: false };
    vi.advanceTimersByTime(2000);
    expect(prefetch).not.toHaveBeenCalled();
    network = { onLine: true, effectiveType: '4g' };
    onIntent('/technology');
    vi.advanceTimersByTime(2000);
    expect(prefetch).toHaveBeenCalledExactlyOnceWith('/technology');
  });
});
