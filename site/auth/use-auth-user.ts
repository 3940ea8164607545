'use client';

import { isAxiosError } from 'axios';
import { useEffect, useState } from 'react';
import { fetchUser } from './auth-client';
import type { AuthUser } from './user';

export type AuthState =
  | { status: 'loading' }
  | { status: 'signed-in'; user: AuthUser }
  | { status: 'signed-out' }
  /** The user could not be loaded (server or network error): nothing is assumed. */
  | { status: 'unknown' };

/**
 * The signed-in user, fetched once on mount unless the page preloaded it (`null` means
 * preloaded as signed out). Only a 401 means "signed out"; any other failure while
 * initialising is logged as an auth error and changes nothing: the session cookie is
 * kept and no sign-out happens (site-spec §8).
 */
export function useAuthUser(preloaded?: AuthUser | null): AuthState {
  const [state, setState] = useState<AuthState>(() =>
    preloaded === undefined
      ? { status: 'loading' }
      : preloaded
        ? { status: 'signed-in', user: preloaded }
        : { status: 'signed-out' },
  );
  useEffect(() => {
    if (preloaded !== undefined) return;
    let live = true;
    fetchUser({ quiet: true }).then(
      (user) => live && setState({ status: 'signed-in', user }),
      (error: unknown) => {
        if (!live) return;
        if (isAxiosError(error) && error.response?.status === 401) {
          setState({ status: 'signed-out' });
          return;
        }
        console.error('[auth] error while initialising auth; keeping the session', error);
        setState({ status: 'unknown' });
      },
    );
    return () => {
      live = false;
    };
  }, [preloaded]);
  return state;
}
