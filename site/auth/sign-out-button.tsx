'use client';

import { useState } from 'react';
import { useHydrated } from './use-hydrated';
import { authRoutes } from './user';

/**
 * Ends the session on the server (which clears the cookie) and goes to /login. The HTTP client
 * (axios and its toasts) loads on the press, so the back office's frame does not carry it for one
 * button.
 */
export function SignOutButton() {
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      className="button button--ghost"
      disabled={!hydrated || busy}
      onClick={async () => {
        setBusy(true);
        try {
          const { signOut } = await import('./auth-client');
          await signOut();
          window.location.assign(authRoutes.login);
        } catch {
          // The general client has already shown why; let the visitor try again.
          setBusy(false);
        }
      }}
    >
      {busy ? 'Signing out…' : 'Sign out'}
    </button>
  );
}
