'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { createProgressController, type ProgressState } from '../progress/progress-controller';
import { browserNetwork, createIntentPrefetcher } from '../prefetch/prefetch-rule';

/** The anchor a click or pointer event concerns, when it is a plain same-site link. */
function internalAnchor(event: Event): HTMLAnchorElement | null {
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if (anchor.target && anchor.target !== '_self') return null;
  if (anchor.hasAttribute('download') || anchor.dataset.native !== undefined) return null;
  const url = new URL(anchor.href, location.href);
  return url.origin === location.origin ? anchor : null;
}

/**
 * The shell's navigation behaviours, in one small island:
 * - plain `<a>` links of the server-rendered shell navigate client-side (no per-link JS);
 * - intent prefetch (pointer over, focus, touch) under the connection rule;
 * - the progress bar (200 ms throttle, ~5 s growth, hidden 500 ms after finishing);
 * - the page fade (out on leaving, in on arrival);
 * - scroll to top on navigation unless the link says `data-scroll="false"`; hash links
 *   scroll to their anchor (the router does both).
 */
export function NavigationBehaviours() {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const [progress, setProgress] = useState<ProgressState>({ visible: false, value: 0 });
  const controller = useRef<ReturnType<typeof createProgressController>>(null);

  useEffect(() => {
    const progressClock = createProgressController({ onChange: setProgress });
    controller.current = progressClock;
    const intent = createIntentPrefetcher({
      prefetch: (href) => router.prefetch(href),
      network: browserNetwork,
    });
    const page = () => document.getElementById('page');

    const startNavigation = (url: URL) => {
      const sameDocument = url.pathname === location.pathname && url.search === location.search;
      if (sameDocument) return false;
      progressClock.start();
      page()?.classList.remove('page--entering');
      page()?.classList.add('page--leaving');
      return true;
    };

    const onClick = (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
        return;
      const anchor = internalAnchor(event);
      if (!anchor) return;
      const url = new URL(anchor.href);
      const sameDocument = url.pathname === location.pathname && url.search === location.search;
      // A link rendered by next/link has already started its own navigation.
      if (event.defaultPrevented) {
        startNavigation(url);
        return;
      }
      if (sameDocument && url.hash) return; // the browser scrolls to the anchor
      event.preventDefault();
      startNavigation(url);
      router.push(url.pathname + url.search + url.hash, {
        scroll: anchor.dataset.scroll !== 'false',
      });
    };
    const onIntent = (event: Event) => {
      const anchor = internalAnchor(event);
      if (anchor) intent(new URL(anchor.href).pathname + new URL(anchor.href).search);
    };

    window.addEventListener('click', onClick);
    document.addEventListener('pointerover', onIntent, { passive: true });
    document.addEventListener('focusin', onIntent);
    document.addEventListener('touchstart', onIntent, { passive: true });
    return () => {
      window.removeEventListener('click', onClick);
      document.removeEventListener('pointerover', onIntent);
      document.removeEventListener('focusin', onIntent);
      document.removeEventListener('touchstart', onIntent);
      progressClock.dispose();
    };
  }, [router]);

  // The new route has rendered: finish the bar and fade the page in.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    controller.current?.finish();
    const page = document.getElementById('page');
    if (page?.classList.contains('page--leaving')) {
      page.classList.remove('page--leaving');
      page.classList.add('page--entering');
    }
  }, [pathname, search]);

  return (
    <div
      className="progress-bar"
      data-testid="progress-bar"
      aria-hidden="true"
      data-visible={progress.visible}
      style={{ transform: `scaleX(${progress.value / 100})` }}
    />
  );
}
