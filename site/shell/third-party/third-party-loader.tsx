'use client';

import { useEffect } from 'react';
import { startThirdPartyScheduler, type ThirdPartyScript } from './third-party-scheduler';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

function injectScript(script: ThirdPartyScript) {
  const element = document.createElement('script');
  element.src = script.src;
  element.async = true;
  element.dataset.thirdParty = script.id;
  document.body.appendChild(element);
  if (script.id === 'tag-manager') {
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    window.dataLayer.push({ event: 'first_interaction' });
  }
}

/**
 * Loads the configured third-party widgets after the visitor interacts (never before), each
 * once. Renders nothing; with no widget configured it is not rendered at all.
 */
export function ThirdPartyLoader({ scripts }: { scripts: ThirdPartyScript[] }) {
  useEffect(
    () =>
      startThirdPartyScheduler({
        scripts,
        load: injectScript,
        listen: (events, handler) => {
          const options = { passive: true, capture: true } as const;
          events.forEach((event) => window.addEventListener(event, handler, options));
          return () =>
            events.forEach((event) => window.removeEventListener(event, handler, options));
        },
      }),
    [scripts],
  );
  return null;
}
