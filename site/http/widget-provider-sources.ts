/**
 * The hosts the common widget providers document for a Content-Security-Policy, added for a
 * widget whose script the provider serves. A tag manager, a tracking code or a chat loads more
 * scripts, frames, requests and pixels than its first script; the site's policy lists the hosts
 * the provider says they come from, so a firm that configures, say, Google Tag Manager gets a
 * working tag manager without writing a policy. A widget from another provider gets none of
 * these: its hosts are its `*_CSP` setting (widget-sources.ts), and the violation reports
 * (`POST /api/csp-reports`) name whatever is still blocked.
 */
import type { WidgetSources } from './widget-sources';

export interface WidgetProvider {
  name: string;
  /** The script hosts (and their subdomains) the provider serves its widgets from. */
  domains: readonly string[];
  sources: WidgetSources;
}

/**
 * Google Tag Manager and the Google tag (gtag.js), with Google Analytics 4 and Tag Manager's
 * preview mode: "Use Tag Manager with a Content Security Policy" (developers.google.com,
 * tag-platform/security/guides/csp). Analytics hits go to regional hosts
 * (region1.google-analytics.com, *.analytics.google.com) and, with Google signals, to
 * stats.g.doubleclick.net and www.google.com; the preview badge brings its styles and fonts.
 */
const googleTagManager: WidgetProvider = {
  name: 'Google Tag Manager',
  domains: ['googletagmanager.com'],
  sources: {
    'script-src': [
      'https://*.googletagmanager.com',
      'https://www.google-analytics.com',
      'https://tagmanager.google.com',
    ],
    'connect-src': [
      'https://*.googletagmanager.com',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://*.g.doubleclick.net',
      'https://www.google.com',
    ],
    'img-src': [
      'https://*.googletagmanager.com',
      'https://*.google-analytics.com',
      'https://*.g.doubleclick.net',
      'https://www.google.com',
      'https://ssl.gstatic.com',
      'https://www.gstatic.com',
    ],
    // The container's service-worker frame and the no-script frame (ns.html).
    'frame-src': ['https://www.googletagmanager.com'],
    'style-src': ['https://tagmanager.google.com', 'https://fonts.googleapis.com'],
    'font-src': ['https://fonts.gstatic.com'],
  },
};

/**
 * HubSpot's tracking code (js.hs-scripts.com/{portal}.js, js-eu1.… for EU accounts), which loads
 * the analytics, the cookie banner, collected forms, the ads pixel and, when the portal has one,
 * the chat (js.usemessages.com, its frame on app.hubspot.com, its live updates over wss); the
 * hosts HubSpot lists for its tracking code, forms and chat. Wildcards cover both regions.
 */
const hubspot: WidgetProvider = {
  name: 'HubSpot',
  domains: ['hs-scripts.com', 'usemessages.com', 'hs-analytics.net', 'hubspot.com', 'hsforms.net'],
  sources: {
    'script-src': [
      'https://*.hs-scripts.com',
      'https://*.hs-analytics.net',
      'https://*.hs-banner.com',
      'https://*.hscollectedforms.net',
      'https://*.hsadspixel.net',
      'https://*.hsleadflows.net',
      'https://*.usemessages.com',
      'https://*.hsforms.net',
      'https://*.hubspot.com',
    ],
    'connect-src': [
      'https://*.hubspot.com',
      'wss://*.hubspot.com',
      'https://*.hubapi.com',
      'https://*.hs-banner.com',
      'https://*.hscollectedforms.net',
      'https://*.hsforms.com',
      'https://*.usemessages.com',
    ],
    'img-src': [
      'https://*.hubspot.com',
      'https://*.hubspot.net',
      'https://*.hsforms.com',
      'https://*.hsforms.net',
      'https://*.hubspotusercontent-na1.net',
      'https://*.hubspotusercontent-eu1.net',
    ],
    'frame-src': ['https://*.hubspot.com', 'https://*.hsforms.net'],
  },
};

const widgetProviders: readonly WidgetProvider[] = [googleTagManager, hubspot];

/** The provider that serves the script at `url`, if the site knows it. */
export function widgetProvider(url: string): WidgetProvider | undefined {
  const host = new URL(url).hostname.toLowerCase();
  return widgetProviders.find((provider) =>
    provider.domains.some((domain) => host === domain || host.endsWith(`.${domain}`)),
  );
}
