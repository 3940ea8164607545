import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScrollTracker, scrollDirection } from '@/site/shell/scroll/scroll-direction';

describe('scrollDirection', () => {
  it('is none within 100 px of the top under 768 px wide, and follows movement beyond', () => {
    expect(scrollDirection(0, 100, 390, 'none')).toBe('none');
    expect(scrollDirection(100, 101, 390, 'none')).toBe('down');
    expect(scrollDirection(300, 250, 390, 'down')).toBe('up');
    expect(scrollDirection(250, 90, 767, 'up')).toBe('none');
  });

  it('is none within 20 px of the top from 768 px wide', () => {
    expect(scrollDirection(0, 20, 768, 'none')).toBe('none');
    expect(scrollDirection(0, 21, 768, 'none')).toBe('down');
    expect(scrollDirection(60, 40, 1280, 'down')).toBe('up');
    expect(scrollDirection(60, 50, 1280, 'up')).toBe('up');
  });

  it('keeps the previous direction when the offset did not change', () => {
    expect(scrollDirection(400, 400, 1280, 'down')).toBe('down');
    expect(scrollDirection(400, 400, 1280, 'up')).toBe('up');
  });

  it('ignores jitter of a few pixels (layout settling)', () => {
    expect(scrollDirection(400, 399, 1280, 'down')).toBe('down');
    expect(scrollDirection(400, 403, 1280, 'up')).toBe('up');
    expect(scrollDirection(400, 396, 1280, 'down')).toBe('up');
  });
});

describe('createScrollTracker', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('samples scroll events and reports each change of direction once', () => {
    let position = { y: 0, width: 1280 };
    const changes: string[] = [];
    const tracker = createScrollTracker({
      read: () => position,
      onChange: (direction) => changes.push(direction),
      sampleMs: 50,
    });

    position = { y: 300, width: 1280 };
    tracker.onScroll();
    tracker.onScroll();
    expect(changes).toEqual([]); // not sampled yet
    vi.advanceTimersByTime(50);
    expect(changes).toEqual(['down']);

    position = { y: 500, width: 1280 };
    tracker.onScroll();
    vi.advanceTimersByTime(50);
    expect(changes).toEqual(['down']); // still down: no new report

    position = { y: 200, width: 1280 };
    tracker.onScroll();
    vi.advanceTimersByTime(50);
    position = { y: 10, width: 1280 };
    tracker.onScroll();
    vi.advanceTimersByTime(50);
    expect(changes).toEqual(['down', 'up', 'none']);
    tracker.dispose();
  });

  it('uses the narrow threshold on a phone', () => {
    let position = { y: 0, width: 390 };
    const changes: string[] = [];
    const tracker = createScrollTracker({ read: () => position, onChange: (d) => changes.push(d) });
    position = { y: 80, width: 390 };
    tracker.onScroll();
    vi.runOnlyPendingTimers();
    expect(changes).toEqual([]);
    position = { y: 140, width: 390 };
    tracker.onScroll();
    vi.runOnlyPendingTimers();
    expect(changes).toEqual(['down']);
  });
});
