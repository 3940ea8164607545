/**
 * This visit, as the browser knows it: an anonymous id kept in session storage (this tab, this
 * site, gone when the tab closes: no cookie, nothing across sites), and whether the visitor asked
 * not to be tracked (Do Not Track, Global Privacy Control). The funnel's beacon counts events per
 * visit id; an A/B test assigns its variant from it (assign-variant.ts).
 */
export const visitKey = 'site:visit';

/** Do Not Track or Global Privacy Control is on: no event is sent, and a test serves its control. */
export function trackingDeclined(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.doNotTrack === '1' || nav.globalPrivacyControl === true;
}

/** This visit's id, made on first use; undefined when session storage is blocked. */
export function visitId(): string | undefined {
  try {
    const storage = sessionStorage;
    let id = storage.getItem(visitKey);
    if (!id) {
      id = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) =>
        b.toString(16).padStart(2, '0'),
      ).join('');
      storage.setItem(visitKey, id);
    }
    return id;
  } catch {
    return undefined;
  }
}
