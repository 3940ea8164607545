/**
 * Whether this page has asked for a toast yet. The toaster (react-hot-toast and its CSS-in-JS
 * runtime, 4.6 KiB gzip, the largest module of the shell's code) loads only then: most visits
 * never see a toast, and every page used to evaluate it and inject its styles on arrival.
 * A toast raised before the toaster arrives waits in react-hot-toast's store and shows with it.
 */
import { createExternalStore } from '../external-store';

const requested = createExternalStore(false);

export function requestToaster(): void {
  if (!requested.get()) requested.set(true);
}

export const subscribeToToaster = requested.subscribe;
export const toasterRequested = requested.get;
