/**
 * Whether this page has asked for a toast yet. The toaster (react-hot-toast and its CSS-in-JS
 * runtime, 4.6 KiB gzip, the largest module of the shell's code) loads only then: most visits
 * never see a toast, and every page used to evaluate it and inject its styles on arrival.
 * A toast raised before the toaster arrives waits in react-hot-toast's store and shows with it.
 */
let requested = false;
const listeners = new Set<() => void>();

export function requestToaster(): void {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

export function subscribeToToaster(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const toasterRequested = (): boolean => requested;
