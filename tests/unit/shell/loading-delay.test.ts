import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoadingDelay } from '@/site/shell/loading/create-loading-delay';

describe('fetch minimum display delay (200 ms)', () => {
  let changes: { at: number; shown: boolean }[];
  let start: number;
  const record = (shown: boolean) => changes.push({ at: Date.now() - start, shown });

  beforeEach(() => {
    vi.useFakeTimers();
    start = Date.now();
    changes = [];
  });
  afterEach(() => vi.useRealTimers());

  it('shows nothing for a fetch that ends before 200 ms', () => {
    const delay = createLoadingDelay(record);
    delay.set(true);
    vi.advanceTimersByTime(199);
    delay.set(false);
    vi.advanceTimersByTime(5000);
    expect(changes).toEqual([]);
  });

  it('shows a slow fetch at 200 ms and keeps it until 400 ms when the fetch ends at 210 ms', () => {
    const delay = createLoadingDelay(record);
    delay.set(true);
    vi.advanceTimersByTime(199);
    expect(changes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual([{ at: 200, shown: true }]);
    vi.advanceTimersByTime(10);
    delay.set(false);
    vi.advanceTimersByTime(189);
    expect(changes).toEqual([{ at: 200, shown: true }]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual([
      { at: 200, shown: true },
      { at: 400, shown: false },
    ]);
  });

  it('hides a long fetch as soon as it ends', () => {
    const delay = createLoadingDelay(record);
    delay.set(true);
    vi.advanceTimersByTime(1000);
    delay.set(false);
    expect(changes).toEqual([
      { at: 200, shown: true },
      { at: 1000, shown: false },
    ]);
  });

  it('does not restart the wait when told the same thing twice', () => {
    const delay = createLoadingDelay(record);
    delay.set(true);
    vi.advanceTimersByTime(150);
    delay.set(true);
    vi.advanceTimersByTime(50);
    expect(changes).toEqual([{ at: 200, shown: true }]);
  });

  it('keeps showing when a new fetch starts within the minimum display time', () => {
    const delay = createLoadingDelay(record);
    delay.set(true);
    vi.advanceTimersByTime(250);
    delay.set(false);
    vi.advanceTimersByTime(50);
    delay.set(true);
    vi.advanceTimersByTime(1000);
    expect(changes).toEqual([{ at: 200, shown: true }]);
    delay.set(false);
    expect(changes.at(-1)).toEqual({ at: 1300, shown: false });
  });

  it('reports nothing after dispose', () => {
    const delay = createLoadingDelay(record);
    delay.set(true);
    vi.advanceTimersByTime(100);
    delay.dispose();
    vi.advanceTimersByTime(1000);
    expect(changes).toEqual([]);
  });
});
