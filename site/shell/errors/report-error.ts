/**
 * What the error boundaries call: fetches the reporter's code only now, so pages that never
 * fail carry none of it. A page whose code cannot load (offline, a replaced deploy) reports
 * nothing, and says nothing about it.
 */
export function reportError(error: Error & { digest?: string }): void {
  import('./report-client-error').then(
    ({ reportClientError }) => reportClientError(error),
    () => undefined,
  );
}
