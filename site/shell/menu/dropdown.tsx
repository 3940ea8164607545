'use client';

import {
  useEffect,
  useRef,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { useHeaderMenus, warmHeaderMenus } from './header-menus-client';
import { panelId, triggerId, useMenu, useOpenedOnce, type MenuId } from './menu-context';
import { SmartLink } from '../prefetch/smart-link';
import { useDelayedLoading } from '../loading/use-delayed-loading';

interface DropdownProps {
  id: MenuId;
  label: ReactNode;
  /** The panel's content, mounted when the dropdown first opens (useOpenedOnce). */
  children?: ReactNode;
  /**
   * Or the panel is this dropdown's entry (by id) among the header menus fetched on intent
   * (header/header-menus.ts): static HTML, no hydration cost, not carried by the page.
   */
  remote?: boolean;
  className?: string;
  panelClassName?: string;
  /** Accessible name of the trigger when the label is an icon or abbreviated. */
  ariaLabel?: string;
}

/**
 * A disclosure dropdown of the header: a button with `aria-expanded` controlling a panel.
 * Mouse users open it by hovering (it closes 100 ms after the pointer leaves); keyboard and
 * touch users toggle it with the button; Escape, the overlay, a link choice or focus leaving
 * the dropdown close it. A Tab from the trigger of an open panel whose links have not arrived yet
 * waits for them and lands on the first (it would otherwise skip the empty panel, leave the
 * dropdown and close it: a keyboard user on a slow connection could never reach the menu).
 */
export function Dropdown({
  id,
  label,
  children,
  remote = false,
  className,
  panelClassName,
  ariaLabel,
}: DropdownProps) {
  const menu = useMenu();
  const open = menu.openId === id;
  const { menus, failed } = useHeaderMenus();
  const fetched = remote ? menus?.panels[id] : undefined;
  // "Loading…" only for a slow fetch, and then long enough to be read before the panel fills.
  const loading = useDelayedLoading(remote && open && fetched === undefined && !failed);
  const html = loading ? undefined : fetched;
  const opened = useOpenedOnce(open);
  const panel = useRef<HTMLDivElement>(null);
  // A Tab pressed on the trigger before the panel had a link to receive it.
  const focusWanted = useRef(false);
  useEffect(() => {
    if (!open) focusWanted.current = false;
    else if (focusWanted.current) {
      const first = panel.current?.querySelector<HTMLElement>('a[href], button');
      if (first) {
        focusWanted.current = false;
        first.focus();
      }
    }
  });
  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || event.shiftKey || !open) return;
    if (panel.current?.querySelector('a[href], button')) return;
    event.preventDefault();
    focusWanted.current = true;
  };
  // Usually already fetched: the first pointer over the header or focus in it starts the fetch
  // (MenuProvider). Opening also retries one that failed.
  useEffect(() => {
    if (remote && open) warmHeaderMenus();
  }, [remote, open]);

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') menu.hoverEnter(id);
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') menu.hoverLeave(id);
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget as Node | null;
    if (open && next && !event.currentTarget.contains(next)) menu.close();
  };
  const onPanelClick = (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('a')) menu.close();
  };

  return (
    <div
      className={`dropdown${open ? ' dropdown--open' : ''}${className ? ` ${className}` : ''}`}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onBlur={onBlur}
    >
      <button
        id={triggerId(id)}
        type="button"
        className="dropdown__trigger"
        aria-expanded={open}
        aria-controls={panelId(id)}
        aria-label={ariaLabel}
        onClick={() => menu.click(id)}
        onKeyDown={onTriggerKeyDown}
      >
        {label}
        <span className="dropdown__chevron" aria-hidden="true" />
      </button>
      <div
        ref={panel}
        id={panelId(id)}
        className={`dropdown__panel ${panelClassName ?? ''}`}
        hidden={!open}
        onClick={onPanelClick}
        dangerouslySetInnerHTML={html === undefined ? undefined : { __html: html }}
      >
        {html !== undefined ? undefined : !remote ? (
          opened && children
        ) : open ? (
          failed ? (
            <p className="dropdown__status" role="alert">
              This menu could not load. Every page is listed on the{' '}
              <SmartLink href="/sitemap">sitemap</SmartLink>.
            </p>
          ) : loading ? (
            <p className="dropdown__status" role="status">
              Loading…
            </p>
          ) : null
        ) : null}
      </div>
    </div>
  );
}
