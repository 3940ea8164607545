/**
 * The browser side of the header's menus (see header/header-menus.ts): one fetch per page
 * life, shared by every dropdown and the mobile sidebar, started by the first sign of intent.
 * Its outcome is one store every menu reads, so no menu keeps a copy of it.
 */
import { useSyncExternalStore } from 'react';
import { createExternalStore } from '../external-store';
import type { MobileSection } from '../mobile/mobile-menu';

export interface HeaderMenus {
  /** Menu id → the panel's HTML. */
  panels: Record<string, string>;
  mobileSections: MobileSection[];
}

interface MenusState {
  menus: HeaderMenus | null;
  /** The last fetch failed; the next intent tries again. */
  failed: boolean;
}

const initial: MenusState = { menus: null, failed: false };
const store = createExternalStore(initial);
let pending: Promise<HeaderMenus> | null = null;

export function loadHeaderMenus(): Promise<HeaderMenus> {
  if (!pending && store.get().failed) store.set(initial); // a retry shows "Loading…" again
  pending ??= fetch('/api/header-menus')
    .then(async (response) => {
      if (!response.ok) throw new Error(`header menus: HTTP ${response.status}`);
      const menus = (await response.json()) as HeaderMenus;
      store.set({ menus, failed: false });
      return menus;
    })
    .catch((error: unknown) => {
      pending = null; // offline: the next intent tries again
      store.set({ menus: null, failed: true });
      throw error;
    });
  return pending;
}

/** Starts the fetch without waiting for it (pointer over the header, focus, a menu opening). */
export function warmHeaderMenus(): void {
  loadHeaderMenus().catch(() => undefined);
}

/** The menus once fetched; `failed` when the last try could not load them. */
export function useHeaderMenus(): MenusState {
  return useSyncExternalStore(store.subscribe, store.get, () => initial);
}
