'use client';

import { usePathname } from 'next/navigation';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { timings } from '../timings';
import { warmHeaderMenus } from './header-menus-client';

/** The header's dropdowns; only one is open at a time (site-spec.md §4). */
export type MenuId = string;

export interface MenuApi {
  openId: MenuId | null;
  /** Opens `id` (closing any other). */
  open: (id: MenuId) => void;
  close: (options?: { returnFocus?: boolean }) => void;
  toggle: (id: MenuId) => void;
  /** The trigger was clicked: toggles, except that a click on a menu the pointer just opened keeps it open. */
  click: (id: MenuId) => void;
  /** Pointer entered a dropdown: cancel a pending close and open it. */
  hoverEnter: (id: MenuId) => void;
  /** Pointer left a dropdown: close it after the close delay unless the pointer comes back. */
  hoverLeave: (id: MenuId) => void;
}

const MenuContext = createContext<MenuApi | null>(null);

export const triggerId = (id: MenuId) => `menu-trigger-${id}`;
export const panelId = (id: MenuId) => `menu-panel-${id}`;

/**
 * True from the first time `open` is true. A closed panel is hidden, so its content mounts on
 * the first opening (not in every page's markup and hydration) and stays mounted after it.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened;
}

export function useMenu(): MenuApi {
  const api = useContext(MenuContext);
  if (!api) throw new Error('useMenu must be used inside <MenuProvider>');
  return api;
}

export function MenuProvider({ children, headerId }: { children: ReactNode; headerId?: string }) {
  const [openId, setOpenId] = useState<MenuId | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const openRef = useRef<MenuId | null>(null);
  const openedByHover = useRef(false);
  useEffect(() => {
    openRef.current = openId;
  }, [openId]);

  const cancelClose = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = undefined;
  };
  // The ref follows the state synchronously: a hover and the click that follows it arrive
  // in the same frame, before any effect could have run.
  const show = useCallback((id: MenuId | null) => {
    openRef.current = id;
    setOpenId(id);
  }, []);

  const close = useCallback(
    (options?: { returnFocus?: boolean }) => {
      cancelClose();
      const current = openRef.current;
      show(null);
      if (options?.returnFocus && current) document.getElementById(triggerId(current))?.focus();
    },
    [show],
  );

  const api = useMemo<MenuApi>(
    () => ({
      openId,
      open: (id) => {
        cancelClose();
        openedByHover.current = false;
        show(id);
      },
      close,
      toggle: (id) => {
        cancelClose();
        openedByHover.current = false;
        show(openRef.current === id ? null : id);
      },
      click: (id) => {
        cancelClose();
        // A click on a menu the pointer has just opened confirms it rather than closing it.
        const keep = openRef.current === id && openedByHover.current;
        openedByHover.current = false;
        if (!keep) show(openRef.current === id ? null : id);
      },
      hoverEnter: (id) => {
        cancelClose();
        if (openRef.current !== id) {
          openedByHover.current = true;
          show(id);
        }
      },
      hoverLeave: (id) => {
        cancelClose();
        closeTimer.current = setTimeout(() => {
          if (openRef.current === id) show(null);
        }, timings.menuCloseDelayMs);
      },
    }),
    [openId, close, show],
  );

  // Escape closes the open dropdown and returns focus to its trigger.
  useEffect(() => {
    if (!openId) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close({ returnFocus: true });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [openId, close]);

  // A navigation closes every dropdown.
  const pathname = usePathname();
  const [shownPath, setShownPath] = useState(pathname);
  if (pathname !== shownPath) {
    setShownPath(pathname);
    setOpenId(null);
  }

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  // The first move towards the header (pointer over it, focus inside) fetches its menus, so a
  // dropdown the pointer reaches next opens already filled.
  useEffect(() => {
    const header = headerId ? document.getElementById(headerId) : null;
    if (!header) return;
    header.addEventListener('pointerover', warmHeaderMenus, { once: true, passive: true });
    header.addEventListener('focusin', warmHeaderMenus, { once: true });
    return () => {
      header.removeEventListener('pointerover', warmHeaderMenus);
      header.removeEventListener('focusin', warmHeaderMenus);
    };
  }, [headerId]);

  return (
    <MenuContext.Provider value={api}>
      {children}
      {openId ? (
        <div className="menu-overlay" data-testid="menu-overlay" onClick={() => close()} />
      ) : null}
    </MenuContext.Provider>
  );
}
