import { timings } from '../timings';

export interface ProgressState {
  visible: boolean;
  /** 0–100. */
  value: number;
}

export interface ProgressOptions {
  onChange: (state: ProgressState) => void;
  throttleMs?: number;
  durationMs?: number;
  hideMs?: number;
  tickMs?: number;
}

/**
 * The navigation progress bar's clock. `start()` shows the bar only if the navigation is
 * still running after the throttle (quick navigations show nothing); the value then grows
 * linearly towards 100 over the duration, holding just below it until `finish()`, which
 * fills the bar and hides it after the hide delay.
 */
export function createProgressController({
  onChange,
  throttleMs = timings.progressThrottleMs,
  durationMs = timings.progressDurationMs,
  hideMs = timings.progressHideMs,
  tickMs = 100,
}: ProgressOptions) {
  let state: ProgressState = { visible: false, value: 0 };
  let throttle: ReturnType<typeof setTimeout> | undefined;
  let ticker: ReturnType<typeof setInterval> | undefined;
  let hide: ReturnType<typeof setTimeout> | undefined;
  let running = false;

  const set = (next: ProgressState) => {
    if (next.visible === state.visible && next.value === state.value) return;
    state = next;
    onChange(state);
  };
  const clear = () => {
    clearTimeout(throttle);
    clearInterval(ticker);
    clearTimeout(hide);
    throttle = ticker = hide = undefined;
  };

  return {
    start() {
      clear();
      running = true;
      set({ visible: false, value: 0 });
      throttle = setTimeout(() => {
        const step = (100 * tickMs) / durationMs;
        set({ visible: true, value: 0 });
        ticker = setInterval(() => {
          set({ visible: true, value: Math.min(99, Math.round((state.value + step) * 100) / 100) });
        }, tickMs);
      }, throttleMs);
    },
    finish() {
      if (!running) return;
      running = false;
      const wasVisible = state.visible;
      clear();
      if (!wasVisible) {
        set({ visible: false, value: 0 });
        return;
      }
      set({ visible: true, value: 100 });
      hide = setTimeout(() => set({ visible: false, value: 0 }), hideMs);
    },
    get state() {
      return state;
    },
    dispose: clear,
  };
}
