/** The shell's timings and thresholds (site-spec.md §4 and §9), in one place. */
export const timings = {
  /** A hovered desktop menu closes this long after the pointer leaves it. */
  menuCloseDelayMs: 100,
  /** The search input gets focus this long after the panel opens. */
  searchFocusDelayMs: 700,
  /** The search panel's expanded state resets this long after it closes. */
  searchCollapseDelayMs: 700,
  searchEnterMs: 500,
  searchLeaveMs: 800,
  /** Scroll offsets within which the header counts as "at the top" (direction none). */
  scrollThresholdNarrowPx: 100,
  scrollThresholdWidePx: 20,
  narrowBreakpointPx: 768,
  progressThrottleMs: 200,
  progressDurationMs: 5000,
  progressHideMs: 500,
  toastMs: 5000,
  /**
   * "Fetch minimum display delay": a loading indicator appears only when a fetch is still
   * pending this long, and once it appears it stays at least this long (loading/).
   */
  fetchIndicatorDelayMs: 200,
  /** A failed code chunk reloads the page at most once per this window. */
  chunkReloadWindowMs: 60_000,
  /** Longest wait for an idle moment before a prefetch runs anyway. */
  prefetchIdleTimeoutMs: 2000,
  videoDelayMs: 1000,
  widgetsDelayMs: 5000,
  chatWidgetExtraDelayMs: 10_000,
} as const;
