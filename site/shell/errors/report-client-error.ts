/**
 * Sends the error an error boundary shows to `POST /api/client-errors`, once per error in the
 * page's life. Loaded with a dynamic import by the error boundaries only, so ordinary pages carry
 * none of it. Reporting never throws: a failed report must not break the page that shows it.
 */
import { scrubPersonalData } from './scrub-personal-data';

export const clientErrorsPath = '/api/client-errors';

/** The longest message sent; the server refuses longer ones. */
export const maxMessageLength = 500;

const sent = new Set<string>();

export function reportClientError(error: Error & { digest?: string }): void {
  try {
    const message = scrubPersonalData(String(error.message || error.name || 'Error')).slice(
      0,
      maxMessageLength,
    );
    const key = `${error.digest ?? ''}\n${message}`;
    if (sent.has(key)) return;
    sent.add(key);
    const body = JSON.stringify({
      ...(error.digest ? { digest: error.digest.slice(0, 100) } : {}),
      message,
      path: location.pathname.slice(0, 300),
      time: new Date().toISOString(),
    });
    // A beacon survives the page being left or reloaded (the chunk-reload guard may reload it).
    const queued = navigator.sendBeacon?.(
      clientErrorsPath,
      new Blob([body], { type: 'application/json' }),
    );
    if (!queued) {
      void fetch(clientErrorsPath, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        keepalive: true,
      }).catch(() => undefined);
    }
  } catch {
    // Reporting is best effort.
  }
}
