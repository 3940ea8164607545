import { timings } from '../timings';

/** What the browser tells about the connection (Network Information API, where present). */
export interface NetworkHints {
  onLine: boolean;
  saveData?: boolean;
  effectiveType?: string;
}

/** Prefetching is skipped offline, on 2g or slow-2g, and when the visitor asked to save data. */
export function shouldPrefetch(network: NetworkHints): boolean {
  if (!network.onLine) return false;
  if (network.saveData) return false;
  return network.effectiveType !== '2g' && network.effectiveType !== 'slow-2g';
}

export interface IntentPrefetcherOptions {
  prefetch: (href: string) => void;
  network: () => NetworkHints;
  /** Runs `callback` when the browser is idle, at the latest after `timeoutMs`. */
  whenIdle?: (callback: () => void, timeoutMs: number) => void;
}

/** Runs `callback` when the browser is idle (where it can tell), at the latest after `timeoutMs`. */
export const whenIdle = (callback: () => void, timeoutMs: number) => {
  if (typeof requestIdleCallback === 'function')
    requestIdleCallback(callback, { timeout: timeoutMs });
  else setTimeout(callback, 1);
};

/**
 * Prefetches a link when the visitor shows intent (pointer over it, focus, touch), once per
 * href, in an idle moment, and only when the connection allows it at that time.
 */
export function createIntentPrefetcher({
  prefetch,
  network,
  whenIdle: idle = whenIdle,
}: IntentPrefetcherOptions) {
  const done = new Set<string>();
  return function onIntent(href: string) {
    if (done.has(href) || !shouldPrefetch(network())) return;
    done.add(href);
    idle(() => {
      if (shouldPrefetch(network())) prefetch(href);
      else done.delete(href);
    }, timings.prefetchIdleTimeoutMs);
  };
}

/** Reads the browser's network hints. */
export function browserNetwork(): NetworkHints {
  const connection = (
    navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }
  ).connection;
  return {
    onLine: navigator.onLine,
    saveData: connection?.saveData,
    effectiveType: connection?.effectiveType,
  };
}
