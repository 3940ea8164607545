/**
 * When a questionnaire's renderer is fetched before the visitor presses anything: once the page
 * has loaded, the questionnaire is on screen (or about to scroll onto it) and the browser is
 * idle. A visitor who sees a question is likely to answer it, and on a phone the renderer takes
 * longer to arrive than the visitor takes to read the first question, so waiting for the press
 * made the visitor wait for the next question (issue #37). A questionnaire that is never seen
 * (the footer's, on a visit that never scrolls there) costs nothing, and neither does any
 * questionnaire for a visitor who asked to save data or is on a 2g connection (the shell's link
 * prefetching follows the same rule): their first press fetches the renderer as before.
 */
import { timings } from '@/site/shell/timings';
import { browserNetwork, shouldPrefetch, whenIdle } from '@/site/shell/prefetch/prefetch-rule';

/** The User Timing mark set as the prefetch starts: benches tell arrival code from it. */
export const PREFETCH_MARK = 'flow-island:prefetch';

/** How far below the fold a questionnaire counts as about to be seen. */
const NEAR_VIEW = '200px';

/**
 * Calls `prefetch` once, when one of `element`'s children is in (or near) the viewport after the
 * page's load event, in an idle moment. Returns a function that cancels what has not started.
 */
export function prefetchWhenSeen(element: Element, prefetch: () => void): () => void {
  if (typeof IntersectionObserver !== 'function') return () => undefined;
  let cancelled = false;
  let observer: IntersectionObserver | undefined;
  const run = () => {
    if (cancelled || !shouldPrefetch(browserNetwork())) return;
    performance.mark(PREFETCH_MARK);
    prefetch();
  };
  const watch = () => {
    if (cancelled) return;
    observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer?.disconnect();
        whenIdle(run, timings.prefetchIdleTimeoutMs);
      },
      { rootMargin: NEAR_VIEW },
    );
    // The island is `display: contents` (flows.css), which has no box to intersect: the
    // children, its boxes, are watched.
    for (const child of element.children) observer.observe(child);
  };
  if (document.readyState === 'complete') watch();
  else addEventListener('load', watch, { once: true });
  return () => {
    cancelled = true;
    removeEventListener('load', watch);
    observer?.disconnect();
  };
}
