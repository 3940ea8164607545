import { timings } from '../timings';

export type ScrollDirection = 'none' | 'up' | 'down';

const MIN_MOVEMENT_PX = 4;

/**
 * The header's scroll direction. Near the top of the page (100 px on screens narrower than
 * 768 px, 20 px on wider ones) it is `none`; otherwise it follows the last movement; a
 * movement under 4 px keeps the previous direction.
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
  // Movements of a few pixels (layout settling, scroll anchoring) do not flip the direction.
  if (Math.abs(y - previousY) < MIN_MOVEMENT_PX)
    return previous === 'none' ? (y > previousY ? 'down' : 'up') : previous;
  return y > previousY ? 'down' : 'up';
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
    if (Math.abs(y - lastY) >= MIN_MOVEMENT_PX || next !== direction) lastY = y;
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
