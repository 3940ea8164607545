import { timings } from '../timings';

export type ScrollDirection = 'none' | 'up' | 'down';

/**
 * The header's scroll direction. Near the top of the page (100 px on screens narrower than
 * 768 px, 20 px on wider ones) it is `none`; otherwise it follows the last movement, and an
 * unchanged offset keeps the previous direction.
 */
export function scrollDirection(
  previousY: number,
  y: number,
  viewportWidth: number,
  previous: ScrollDirection,
): ScrollDirection {
  const threshold =
    viewportWidth < timings.narrowBreakpointPx
      ? timings.scrollThresholdNarrowPx
      : timings.scrollThresholdWidePx;
  if (y <= threshold) return 'none';
  if (y > previousY) return 'down';
  if (y < previousY) return 'up';
  return previous;
}

export interface ScrollTrackerOptions {
  read: () => { y: number; width: number };
  onChange: (direction: ScrollDirection) => void;
  /** Scroll events are sampled at most once per this interval (the last sample always counts). */
  sampleMs?: number;
}

/** Feeds scroll events through `scrollDirection`, sampled, reporting only changes. */
export function createScrollTracker({ read, onChange, sampleMs = 50 }: ScrollTrackerOptions) {
  let lastY = read().y;
  let direction: ScrollDirection = 'none';
  let timer: ReturnType<typeof setTimeout> | undefined;

  function sample() {
    timer = undefined;
    const { y, width } = read();
    const next = scrollDirection(lastY, y, width, direction);
    lastY = y;
    if (next !== direction) {
      direction = next;
      onChange(direction);
    }
  }

  return {
    /** Call on every scroll event. */
    onScroll() {
      timer ??= setTimeout(sample, sampleMs);
    },
    get direction() {
      return direction;
    },
    dispose() {
      if (timer) clearTimeout(timer);
    },
  };
}
