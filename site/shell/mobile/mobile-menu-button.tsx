'use client';

import dynamic from 'next/dynamic';
import { useRef, useState } from 'react';
import type { NavigationButtons } from '@/site/content/content-types';
import { useMenu } from '../menu/menu-context';
import type { MobileSection } from './mobile-menu';

// The sidebar is client-only and its code loads on the first open.
const MobileSidebar = dynamic(() => import('./mobile-sidebar'), { ssr: false });

export interface MobileMenuProps {
  sections: MobileSection[];
  buttons: NavigationButtons;
}

/** The "Menu" button of narrow screens and the sidebar it opens. */
export function MobileMenuButton({ sections, buttons }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
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
          sections={sections}
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
