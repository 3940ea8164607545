'use client';

import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToToaster, toasterRequested } from './toast-gate';

const ToasterView = lazy(() => import('./toaster-view'));

/** The shell's toaster: nothing until the page raises its first toast (see toast-gate.ts). */
export function SiteToaster() {
  const requested = useSyncExternalStore(subscribeToToaster, toasterRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}
