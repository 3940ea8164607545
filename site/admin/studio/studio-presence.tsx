'use client';
/**
 * "Also open: bob@example.com, since 10:42 UTC": who else has the flow open in the studio, on any
 * instance. The page's tab sends a heartbeat (presence-post.ts) when it opens, every
 * PRESENCE_BEAT_MS and when it becomes visible again, and reads the others in the answer; when
 * the page goes away (pagehide: closed, reloaded, left) it says so with a beacon, so the others
 * stop showing it at their next heartbeat rather than after the server's timeout.
 */
import { useEffect, useState } from 'react';
import { PRESENCE_BEAT_MS, postStudioForm } from './studio-form';
import styles from './studio-pages.module.css';

interface Present {
  email: string;
  openedAt: number;
  seenAt: number;
  /** The same member of staff, in another tab. */
  you: boolean;
}

/** 32 hex digits: enough that two tabs never pick the same (randomUUID needs a secure page). */
function newTabId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The time of day in UTC (the back office's one clock), with the date unless it is today. */
function since(ms: number): string {
  const iso = new Date(ms).toISOString();
  const today = new Date().toISOString().slice(0, 10) === iso.slice(0, 10);
  return `${today ? iso.slice(11, 16) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`} UTC`;
}

export function StudioPresence({ flowId, csrf }: { flowId: string; csrf: string }) {
  const [others, setOthers] = useState<Present[]>([]);

  useEffect(() => {
    const url = `/admin/flows/${encodeURIComponent(flowId)}/presence`;
    const tab = newTabId();
    let gone = false;
    async function beat() {
      try {
        const answer = (await postStudioForm(url, { tab, csrf })) as { others: Present[] };
        if (!gone) setOthers(answer.others);
      } catch {
        // Not shown: the next heartbeat tries again, and the list is a courtesy.
      }
    }
    function leave() {
      const body = new URLSearchParams({ tab, csrf, leave: '1' });
      if (navigator.sendBeacon?.(url, body)) return;
      void fetch(url, { method: 'POST', body, keepalive: true, credentials: 'same-origin' }).catch(
        () => undefined,
      );
    }
    const onVisible = () => {
      if (document.visibilityState === 'visible') void beat();
    };
    // Back from the back/forward cache: the leave was sent, so say hello again.
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) void beat();
    };
    void beat();
    const timer = setInterval(() => void beat(), PRESENCE_BEAT_MS);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('pagehide', leave);
    window.addEventListener('pageshow', onShow);
    return () => {
      gone = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('pageshow', onShow);
      leave();
    };
  }, [flowId, csrf]);

  return (
    <p role="status" className={styles.presence}>
      {others.length > 0 &&
        `Also open: ${others
          .map((p) => `${p.you ? 'you, in another tab' : p.email}, since ${since(p.openedAt)}`)
          .join('; ')}`}
    </p>
  );
}
