import { Suspense, type ReactNode } from 'react';
import { env } from '@/site/env';
import { ChunkReloadListener } from './chunk-reload/chunk-reload-listener';
import { SiteFooter } from './footer/site-footer';
import { SiteHeader } from './header/site-header';
import { NavigationBehaviours } from './navigation/navigation-behaviours';
import { ThirdPartyLoader } from './third-party/third-party-loader';
import { thirdPartyScripts } from './third-party/third-party-scheduler';
import { SiteToaster } from './toasts/site-toaster';

/** The frame every page shares: skip link, header, the page, footer and the shell's islands. */
export function SiteShell({ children }: { children: ReactNode }) {
  const scripts = thirdPartyScripts({
    video: env.VIDEO_SCRIPT_URL,
    tagManager: env.TAG_MANAGER_SCRIPT_URL,
    adsTracking: env.ADS_TRACKING_SCRIPT_URL,
    feedback: env.FEEDBACK_SCRIPT_URL,
    chat: env.CHAT_SCRIPT_URL,
    chatWidget: env.CHAT_WIDGET_SCRIPT_URL,
    leadTracking: env.LEAD_TRACKING_SCRIPT_URL,
  });
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <div id="page" className="page">
        {children}
      </div>
      <SiteFooter />
      <Suspense fallback={null}>
        <NavigationBehaviours />
      </Suspense>
      <SiteToaster />
      <ChunkReloadListener />
      {scripts.length ? <ThirdPartyLoader scripts={scripts} /> : null}
    </>
  );
}
