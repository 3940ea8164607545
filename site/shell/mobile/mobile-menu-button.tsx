'use client';

import dynamic from 'next/dynamic';
import { useEffect, useRef, useState } from 'react';
import type { NavigationButtons } from '@/site/content/content-types';
import { useMenu } from '../menu/menu-context';
import { useHeaderMenus, warmHeaderMenus } from '../menu/header-menus-client';

// The sidebar is client-only and its code loads on the first open.
const MobileSidebar = dynamic(() => import('./mobile-sidebar'), { ssr: false });

export interface MobileMenuProps {
  buttons: NavigationButtons;
}

/** The "Menu" button of narrow screens and the sidebar it opens. */
export function MobileMenuButton({ buttons }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  // The sections arrive with the header menus (fetched on intent); the sidebar shows its
  // buttons at once and the sections as soon as they are here. Opening retries a failed fetch.
  const { menus, failed } = useHeaderMenus();
  useEffect(() => {
    if (open) warmHeaderMenus();
  }, [open]);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useMenu();

  return (
    <>
      <button
        ref={button}
        type="button"
        className="mobile-menu-button"
        aria-expanded={open}
        aria-haspopup="dialog"
        onPointerDown={warmHeaderMenus}
        onFocus={warmHeaderMenus}
        onClick={() => {
          menu.close();
          setOpen(true);
        }}
      >
        <span className="mobile-menu-button__bars" aria-hidden="true" />
        <span className="mobile-menu-button__label">Menu</span>
      </button>
      {open ? (
        <MobileSidebar
          sections={menus?.mobileSections ?? []}
          sectionsFailed={failed}
          buttons={buttons}
          onClose={() => {
            setOpen(false);
            button.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}
