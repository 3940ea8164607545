/**
 * Content from Strapi (v4 REST). Only the navigation comes from the CMS today: the two calls
 * the header makes (navigation buttons and the main navigation). Everything else, and any
 * failure or timeout, is answered by the fallback source, so a CMS outage never breaks a page.
 * An outage is logged once (one line for the navigation and every collection) until the CMS
 * answers again.
 */
import type { ContentSource } from '../content-source';
import type { Industry, NavItem, NavigationButtons } from '../content-types';
import { createStrapiClient, type StrapiClientOptions } from './strapi-client';
import { reshapeMainNavigation, reshapeNavigationButtons } from './reshape-navigation';
import { createStrapiPageContent } from './strapi-pages';
import { isFrameworkSignal } from './framework-signal';
import { createOutageLog, type OutageLog } from './outage-log';

export const NAVIGATION_BUTTONS_PATH = '/api/navigation-bars?populate=deep';
export const MAIN_NAVIGATION_PATH = '/api/desktop-navigation-main?populate=deep,100';

export interface StrapiSourceOptions extends StrapiClientOptions {
  fallback: ContentSource;
  /** How long one answer is reused (a build renders many pages; each needs the header). */
  cacheMs?: number;
  logger?: Pick<Console, 'warn'>;
  /** Shared by the navigation and the collections: one log line per outage. */
  outage?: OutageLog;
  now?: () => number;
}

interface Cached<T> {
  at: number;
  value: Promise<T | undefined>;
}

export function createStrapiContentSource(options: StrapiSourceOptions): ContentSource {
  const client = createStrapiClient(options);
  const { fallback } = options;
  const cacheMs = options.cacheMs ?? 60_000;
  const logger = options.logger ?? console;
  const now = options.now ?? Date.now;
  const outage = options.outage ?? createOutageLog(logger);

  function cached<T>(what: string, load: () => Promise<T>): () => Promise<T | undefined> {
    let entry: Cached<T> | undefined;
    return () => {
      if (!entry || now() - entry.at >= cacheMs) {
        entry = {
          at: now(),
          value: load().then(
            (value) => {
              outage.answered(what);
              return value;
            },
            (error: unknown) => {
              // A failed answer is not kept: the next render asks again.
              entry = undefined;
              // Next's own signals (dynamic usage while prerendering …) are not an outage.
              if (isFrameworkSignal(error)) throw error;
              outage.failed(what, error);
              return undefined;
            },
          ),
        };
      }
      return entry.value;
    };
  }

  const mainNavigation = cached('navigation', async () =>
    reshapeMainNavigation(await client.get(MAIN_NAVIGATION_PATH)),
  );
  const buttons = cached('navigation buttons', async () =>
    reshapeNavigationButtons(await client.get(NAVIGATION_BUTTONS_PATH)),
  );

  return {
    ...fallback,
    // Pages, insights, media mentions and reviews: their own collections and fallback rules.
    ...createStrapiPageContent({ client, fallback, cacheMs, logger, now, outage }),
    kind: 'strapi',
    async navigation() {
      const [remote, local] = await Promise.all([mainNavigation(), fallback.navigation()]);
      const megaMenu: NavItem[] | undefined = remote?.megaMenu;
      return megaMenu ? { ...local, megaMenu } : local;
    },
    async navigationButtons(): Promise<NavigationButtons> {
      return (await buttons()) ?? fallback.navigationButtons();
    },
    async industries(): Promise<Industry[]> {
      const remote = await mainNavigation();
      return remote?.industries.length ? remote.industries : fallback.industries();
    },
  };
}
