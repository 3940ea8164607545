'use client';

import { useEffect } from 'react';
import { createScrollTracker } from './scroll-direction';

/**
 * Publishes the scroll direction as `data-scroll` on the header element (none, up, down);
 * the stylesheet hides the top bar and fixes the header from it. Renders nothing.
 */
export function HeaderScroll({ targetId }: { targetId: string }) {
  useEffect(() => {
    const target = document.getElementById(targetId);
    if (!target) return;
    const tracker = createScrollTracker({
      read: () => ({ y: window.scrollY, width: window.innerWidth }),
      onChange: (direction) => {
        target.dataset.scroll = direction;
      },
    });
    const onScroll = () => tracker.onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      tracker.dispose();
    };
  }, [targetId]);
  return null;
}
