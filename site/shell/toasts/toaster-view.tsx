'use client';

import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { timings } from '../timings';

/**
 * Toasts: top-centre, 5 s, one at a time (a new toast dismisses the one before);
 * errors red with white text, successes green. Loaded by SiteToaster on the first toast.
 */
export default function ToasterView() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((item) => item.visible)
      .slice(1)
      .forEach((item) => toast.dismiss(item.id));
  }, [toasts]);

  return (
    <Toaster
      position="top-center"
      toastOptions={{
        duration: timings.toastMs,
        // The palette's status colours (site/styles/globals.css), white text at 6.5:1 or more.
        error: {
          duration: timings.toastMs,
          style: { background: 'var(--error)', color: 'var(--paper)' },
        },
        success: {
          duration: timings.toastMs,
          style: { background: 'var(--success)', color: 'var(--paper)' },
        },
      }}
    />
  );
}
