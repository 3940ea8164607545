'use client';

import dynamic from 'next/dynamic';
import { useRef, useState } from 'react';
import type { NavigationButtons } from '@/site/content/content-types';
import { useMenu } from '../menu/menu-context';
import { useHeaderMenus } from '../menu/header-menus-client';

// The sidebar is client-only and its code loads on the first open.
const MobileSidebar = dynamic(() => import('./mobile-sidebar'), { ssr: false });

export interface MobileMenuProps {
  buttons: NavigationButtons;
}

/** The "Menu" button of narrow screens and the sidebar it opens. */
export function MobileMenuButton({ buttons }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  // The sections arrive with the header menus (fetched on intent); the sidebar shows its
  // buttons at once and the sections as soon as they are here.
  const { menus, failed } = useHeaderMenus(open || wanted);
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
        onPointerDown={() => setWanted(true)}
        onFocus={() => setWanted(true)}
        onClick={() => {
          menu.close();
          setOpen(true);
        }}
      >
        <span className="mobile-menu-button__bars" aria-hidden="true" />
        Menu
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
