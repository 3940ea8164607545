'use client';

import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False in the server HTML, true once React runs in the browser. Forms keep their submit
 * button disabled until then: a native submit before hydration would post the password
 * to the page instead of the API.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
