/**
 * The sources a third-party widget may use beyond its own script's origin, as a firm writes them
 * in the widget's `*_CSP` variable (site/env.ts): directives of a Content-Security-Policy, each
 * with the hosts it adds, separated by semicolons, in the form providers publish them:
 *
 *   TAG_MANAGER_CSP="script-src https://cdn.example.com; connect-src https://*.collect.example"
 *
 * Only host sources are taken. A keyword (`'unsafe-eval'`, `'strict-dynamic'`, a nonce), a
 * scheme alone (`https:`, `data:`) or `*` would open the policy to every host or to injected
 * code, which no widget setting may do: it is refused with the reason, naming the variable.
 */
import { z } from 'zod';

/** The directives a widget setting may add hosts to. */
export const widgetDirectives = [
  'script-src',
  'connect-src',
  'frame-src',
  'img-src',
  'style-src',
  'font-src',
  'media-src',
] as const;
export type WidgetDirective = (typeof widgetDirectives)[number];

/** Hosts by directive. */
export type WidgetSources = Partial<Record<WidgetDirective, readonly string[]>>;

// scheme://host[:port][/path], the scheme optional (the page's own then); a leading `*.` for
// every subdomain. IPv4 literals and `localhost` are hosts too.
const hostSource =
  /^(?:(https?|wss?):\/\/)?(?:\*\.)?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::(?:\d{1,5}|\*))?(?:\/[^\s;,'"]*)?$/i;

/** Why `source` cannot be added to `directive`, or undefined when it can. */
function refusal(directive: WidgetDirective, source: string): string | undefined {
  const match = hostSource.exec(source);
  if (!match) {
    return (
      `${JSON.stringify(source)} in ${directive} is not a host: write origins such as ` +
      'https://cdn.example.com or https://*.example.com (keywords, schemes alone and * are refused)'
    );
  }
  const scheme = match[1]?.toLowerCase();
  if ((scheme === 'ws' || scheme === 'wss') && directive !== 'connect-src') {
    return `${JSON.stringify(source)}: ${scheme}:// hosts belong in connect-src only`;
  }
  return undefined;
}

/** Parses a setting's text; the problems, one sentence each, when it is malformed. */
export function parseWidgetSources(
  text: string,
): { ok: true; sources: WidgetSources } | { ok: false; problems: string[] } {
  const sources: Partial<Record<WidgetDirective, string[]>> = {};
  const problems: string[] = [];
  for (const part of text.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (!name) continue;
    const directive = name.toLowerCase() as WidgetDirective;
    if (!widgetDirectives.includes(directive)) {
      problems.push(
        `${JSON.stringify(name)} is not a directive a widget may add to (use ${widgetDirectives.join(', ')})`,
      );
      continue;
    }
    if (values.length === 0) problems.push(`${directive} names no host`);
    for (const value of values) {
      const problem = refusal(directive, value);
      if (problem) problems.push(problem);
      else sources[directive] = [...new Set([...(sources[directive] ?? []), value])];
    }
  }
  if (problems.length === 0 && Object.keys(sources).length === 0) {
    problems.push('names no directive (write e.g. "script-src https://cdn.example.com")');
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, sources };
}

/** The zod schema of a widget's `*_CSP` variable (site/env.ts). */
export const widgetSourcesSchema = z.string().transform((text, context): WidgetSources => {
  const parsed = parseWidgetSources(text);
  if (parsed.ok) return parsed.sources;
  context.addIssue({ code: 'custom', message: parsed.problems.join('; ') });
  return z.NEVER;
});
