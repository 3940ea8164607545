/**
 * The visit's first touch: the URL of the first page the visitor opened in this tab and the page
 * that linked to it, kept in session storage (this tab, this site, this visit: no cookie, nothing
 * across sites). A tiny inline script in every page's HTML records it before anything else runs,
 * so a visitor who lands on `/?utm_source=news` and submits a form three pages later still
 * carries the campaign. The flow's hidden fields pick their values from it (capturedHidden).
 */
import type { FirstTouch } from '@/engine/client';

const key = 'site:first-touch';

/**
 * The inline script (the page's Content-Security-Policy names it by hash). Kept by the first
 * page only: later pages of the visit find the key set.
 */
export const firstTouchScript = `try{var s=sessionStorage,k=${JSON.stringify(key)};s.getItem(k)||s.setItem(k,JSON.stringify({url:location.href,referrer:document.referrer}))}catch(e){}`;

/** The first touch of this visit; this page when none was kept (storage blocked). */
export function readFirstTouch(): FirstTouch {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(key) ?? 'null') as unknown;
    if (
      stored &&
      typeof stored === 'object' &&
      typeof (stored as FirstTouch).url === 'string' &&
      typeof (stored as FirstTouch).referrer === 'string'
    ) {
      return stored as FirstTouch;
    }
  } catch {
    // storage disabled or the entry damaged: fall back to this page
  }
  return { url: window.location.href, referrer: document.referrer };
}
