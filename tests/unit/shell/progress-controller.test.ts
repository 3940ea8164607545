import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createProgressController,
  type ProgressState,
} from '@/site/shell/progress/progress-controller';

describe('navigation progress bar', () => {
  let states: ProgressState[];
  const last = () => states[states.length - 1] ?? { visible: false, value: 0 };

  beforeEach(() => {
    vi.useFakeTimers();
    states = [];
  });
  afterEach(() => vi.useRealTimers());

  it('shows nothing for a navigation shorter than the 200 ms throttle', () => {
    const bar = createProgressController({ onChange: (s) => states.push(s) });
    bar.start();
    vi.advanceTimersByTime(199);
    bar.finish();
    vi.advanceTimersByTime(2000);
    expect(states.some((s) => s.visible)).toBe(false);
  });

  it('appears after 200 ms and grows towards 100 over about 5 s without reaching it', () => {
    const bar = createProgressController({ onChange: (s) => states.push(s) });
    bar.start();
    vi.advanceTimersByTime(199);
    expect(last().visible).toBe(false);
    vi.advanceTimersByTime(1);
    expect(last()).toEqual({ visible: true, value: 0 });
    vi.advanceTimersByTime(2500);
    expect(last().value).toBeCloseTo(50, 0);
    vi.advanceTimersByTime(2500);
    expect(last().value).toBeGreaterThanOrEqual(98);
    vi.advanceTimersByTime(10_000);
    expect(last().value).toBe(99);
    expect(last().visible).toBe(true);
  });

  it('fills the bar on finish and hides it 500 ms later', () => {
    const bar = createProgressController({ onChange: (s) => states.push(s) });
    bar.start();
    vi.advanceTimersByTime(1200);
    bar.finish();
    expect(last()).toEqual({ visible: true, value: 100 });
    vi.advanceTimersByTime(499);
    expect(last().visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(last()).toEqual({ visible: false, value: 0 });
  });

  it('restarts cleanly when a second navigation starts before the first finished', () => {
    const bar = createProgressController({ onChange: (s) => states.push(s) });
    bar.start();
    vi.advanceTimersByTime(1000);
    bar.start();
    expect(last().visible).toBe(false);
    vi.advanceTimersByTime(200);
    expect(last()).toEqual({ visible: true, value: 0 });
    bar.finish();
    vi.advanceTimersByTime(500);
    expect(last().visible).toBe(false);
  });
});
