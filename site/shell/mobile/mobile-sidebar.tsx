'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import type { NavItem } from '@/site/content/content-types';
import type { MobileMenuProps } from './mobile-menu-button';
import type { MobileSection } from './mobile-menu';
import { SmartLink } from '../prefetch/smart-link';
import { useDelayedLoading } from '../loading/use-delayed-loading';

function SubList({ items }: { items: NavItem[] }) {
  return (
    <ul className="sidebar-list sidebar-list--nested">
      {items.map((item) => (
        <li key={item.url + item.name}>
          <a href={item.url}>{item.name}</a>
          {item.children ? <SubList items={item.children} /> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The mobile sidebar: a modal dialog sliding in from the right, showing two levels at a
 * time — the sections, then one section's pages with a way back.
 */
export default function MobileSidebar({
  sections: fetched,
  sectionsFailed,
  buttons,
  onClose,
}: MobileMenuProps & {
  sections: MobileSection[];
  /** The sections could not be fetched (see header-menus-client). */
  sectionsFailed?: boolean;
  onClose: () => void;
}) {
  const [section, setSection] = useState<MobileSection | null>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const pathname = usePathname();
  const firstPath = useRef(pathname);
  // "Loading the menu…" only for a slow fetch, and then long enough to be read.
  const loading = useDelayedLoading(fetched.length === 0 && !sectionsFailed);
  const sections = loading ? [] : fetched;

  // Focus moves into the dialog on open and on every level change.
  useEffect(() => {
    dialog.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [section]);

  // Navigating closes the sidebar.
  useEffect(() => {
    if (pathname !== firstPath.current) onClose();
  }, [pathname, onClose]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    // Keep focus inside the dialog.
    const focusable = dialog.current.querySelectorAll<HTMLElement>('a[href], button');
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return createPortal(
    <div className="sidebar-root">
      <div className="sidebar-overlay" data-testid="sidebar-overlay" onClick={onClose} />
      <div
        ref={dialog}
        className="sidebar"
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        onKeyDown={onKeyDown}
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('a')) onClose();
        }}
      >
        <div className="sidebar__head">
          {section ? (
            <button
              type="button"
              className="sidebar__back"
              onClick={() => setSection(null)}
              data-autofocus
            >
              ‹ Back
            </button>
          ) : (
            <span className="sidebar__title">Menu</span>
          )}
          <button
            type="button"
            className="sidebar__close"
            onClick={onClose}
            data-autofocus={section ? undefined : true}
          >
            Close
          </button>
        </div>
        {section ? (
          <nav aria-label={section.name} className="sidebar__level">
            <a className="sidebar__overview" href={section.url}>
              {section.name} overview
            </a>
            <SubList items={section.children ?? []} />
          </nav>
        ) : (
          <nav aria-label="Site" className="sidebar__level">
            <ul className="sidebar-list">
              {sections.map((entry) => (
                <li key={entry.url}>
                  {entry.children ? (
                    <button
                      type="button"
                      className="sidebar__section"
                      onClick={() => setSection(entry)}
                    >
                      {entry.name}
                      <span aria-hidden="true">›</span>
                    </button>
                  ) : (
                    <a href={entry.url}>{entry.name}</a>
                  )}
                </li>
              ))}
            </ul>
            {sectionsFailed ? (
              <p role="alert">
                The menu could not load. Every page is listed on the{' '}
                <SmartLink href="/sitemap">sitemap</SmartLink>.
              </p>
            ) : loading ? (
              <p role="status">Loading the menu…</p>
            ) : null}
            <p className="sidebar__actions">
              <a className="button" href={buttons.primary.url}>
                {buttons.primary.text}
              </a>
              <a className="button button--ghost" href={buttons.secondary.url}>
                {buttons.secondary.text}
              </a>
            </p>
          </nav>
        )}
      </div>
    </div>,
    document.body,
  );
}
