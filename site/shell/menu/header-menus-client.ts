/**
 * The browser side of the header's menus (see header/header-menus.ts): one fetch per page
 * life, shared by every dropdown and the mobile sidebar, started by the first sign of intent.
 */
import { useEffect, useState } from 'react';
import type { MobileSection } from '../mobile/mobile-menu';

export interface HeaderMenus {
  /** Menu id → the panel's HTML. */
  panels: Record<string, string>;
  mobileSections: MobileSection[];
}

let pending: Promise<HeaderMenus> | null = null;

export function loadHeaderMenus(): Promise<HeaderMenus> {
  pending ??= fetch('/api/header-menus')
    .then(async (response) => {
      if (!response.ok) throw new Error(`header menus: HTTP ${response.status}`);
      return (await response.json()) as HeaderMenus;
    })
    .catch((error: unknown) => {
      pending = null; // offline: the next intent tries again
      throw error;
    });
  return pending;
}

/** Starts the fetch without waiting for it (pointer over the header, focus, touch). */
export function warmHeaderMenus(): void {
  loadHeaderMenus().catch(() => undefined);
}

/** The menus once `wanted` has been true (a menu opened); `failed` when they could not load. */
export function useHeaderMenus(wanted: boolean): { menus: HeaderMenus | null; failed: boolean } {
  const [state, setState] = useState<{ menus: HeaderMenus | null; failed: boolean }>({
    menus: null,
    failed: false,
  });
  useEffect(() => {
    if (!wanted || state.menus) return;
    let live = true;
    loadHeaderMenus().then(
      (menus) => live && setState({ menus, failed: false }),
      () => live && setState({ menus: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [wanted, state.menus]);
  return state;
}
