/**
 * What the configured third-party widgets add to a page's Content-Security-Policy, by directive.
 * A widget is configured when one of its script URLs is set; then it adds:
 * - its script's origin, for its script, its requests, images, media and frames (as before any
 *   host was listed: many widgets use one host for all of them);
 * - the hosts its provider documents, when the site knows the provider that serves the script
 *   (widget-provider-sources.ts);
 * - the hosts of its `*_CSP` setting (widget-sources.ts).
 * A widget not configured adds nothing, whatever its setting says.
 */
import { widgetProvider } from './widget-provider-sources';
import { widgetDirectives, type WidgetDirective, type WidgetSources } from './widget-sources';

/** The widget variables, as site/env.ts parses them. */
export interface WidgetEnv {
  VIDEO_SCRIPT_URL?: string;
  VIDEO_CSP?: WidgetSources;
  TAG_MANAGER_SCRIPT_URL?: string;
  TAG_MANAGER_CSP?: WidgetSources;
  ADS_TRACKING_SCRIPT_URL?: string;
  ADS_TRACKING_CSP?: WidgetSources;
  FEEDBACK_SCRIPT_URL?: string;
  FEEDBACK_CSP?: WidgetSources;
  CHAT_SCRIPT_URL?: string;
  CHAT_WIDGET_SCRIPT_URL?: string;
  CHAT_CSP?: WidgetSources;
  LEAD_TRACKING_SCRIPT_URL?: string;
  LEAD_TRACKING_CSP?: WidgetSources;
}

/** Each widget: the variables of its scripts, and of its setting. The chat has two scripts. */
const widgets: { scripts: (keyof WidgetEnv)[]; setting: keyof WidgetEnv }[] = [
  { scripts: ['VIDEO_SCRIPT_URL'], setting: 'VIDEO_CSP' },
  { scripts: ['TAG_MANAGER_SCRIPT_URL'], setting: 'TAG_MANAGER_CSP' },
  { scripts: ['ADS_TRACKING_SCRIPT_URL'], setting: 'ADS_TRACKING_CSP' },
  { scripts: ['FEEDBACK_SCRIPT_URL'], setting: 'FEEDBACK_CSP' },
  { scripts: ['CHAT_SCRIPT_URL', 'CHAT_WIDGET_SCRIPT_URL'], setting: 'CHAT_CSP' },
  { scripts: ['LEAD_TRACKING_SCRIPT_URL'], setting: 'LEAD_TRACKING_CSP' },
];

/** The directives a widget's own script origin is allowed in. */
const ownOriginDirectives: WidgetDirective[] = [
  'script-src',
  'connect-src',
  'img-src',
  'media-src',
  'frame-src',
];

/** The sources every configured widget adds, by directive (each list without repeats). */
export function widgetPolicySources(env: WidgetEnv): Record<WidgetDirective, string[]> {
  const added = Object.fromEntries(
    widgetDirectives.map((directive) => [directive, new Set<string>()]),
  ) as Record<WidgetDirective, Set<string>>;
  const add = (sources: WidgetSources | undefined) => {
    for (const directive of widgetDirectives) {
      for (const source of sources?.[directive] ?? []) added[directive].add(source);
    }
  };
  for (const widget of widgets) {
    const urls = widget.scripts
      .map((name) => env[name])
      .filter((url): url is string => typeof url === 'string');
    if (urls.length === 0) continue;
    for (const url of urls) {
      const origin = new URL(url).origin;
      add(Object.fromEntries(ownOriginDirectives.map((directive) => [directive, [origin]])));
      add(widgetProvider(url)?.sources);
    }
    add(env[widget.setting] as WidgetSources | undefined);
  }
  return Object.fromEntries(
    widgetDirectives.map((directive) => [directive, [...added[directive]]]),
  ) as Record<WidgetDirective, string[]>;
}
