import { timings } from '../timings';

export interface LoadingDelay {
  /** Reports whether the fetch is pending; call it on every change (repeats are harmless). */
  set: (pending: boolean) => void;
  /** Cancels the timers; the indicator state is forgotten (nothing is reported). */
  dispose: () => void;
}

/**
 * The clock behind every loading indicator ("fetch minimum display delay 200 ms",
 * site-spec.md §9), read as two rules with the same figure, so an indicator never flashes:
 * - a fetch that ends within `delayMs` shows no indicator at all;
 * - an indicator that did appear stays at least `minShowMs`, even when the fetch ends just
 *   after it appeared (whoever waits on it holds the content back until `onChange(false)`).
 * Pure timers, no React: useDelayedLoading binds it to a component.
 */
export function createLoadingDelay(
  onChange: (shown: boolean) => void,
  delayMs: number = timings.fetchIndicatorDelayMs,
  minShowMs: number = delayMs,
): LoadingDelay {
  let pending = false;
  let shown = false;
  let minElapsed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const hide = () => {
    shown = false;
    onChange(false);
  };
  const show = () => {
    shown = true;
    minElapsed = false;
    onChange(true);
    timer = setTimeout(() => {
      timer = undefined;
      minElapsed = true;
      if (!pending) hide();
    }, minShowMs);
  };

  return {
    set(next) {
      pending = next;
      if (shown) {
        // Shown: the minimum-display timer hides it, or this does once that time is served.
        if (!pending && minElapsed) hide();
        return;
      }
      if (pending && timer === undefined) {
        timer = setTimeout(() => {
          timer = undefined;
          show();
        }, delayMs);
      } else if (!pending && timer !== undefined) {
        clearTimeout(timer);
        timer = undefined;
      }
    },
    dispose() {
      clearTimeout(timer);
      timer = undefined;
      pending = shown = minElapsed = false;
    },
  };
}
