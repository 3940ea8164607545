import type { Diagnostic, ResolvedFlow } from './types';

/**
 * The hosts a deployment lets its flows send visitors to (the engine reads no environment: the
 * site builds this from `FLOW_LINK_HOSTS`, its own URL and its scheduler's).
 */
export interface LinkHosts {
  /** Host names besides the site's own, e.g. `calendly.com` (exact, lower case). */
  allowed: readonly string[];
  /**
   * The deployment listed its hosts: a link to another host is an error, so it cannot be
   * published. Otherwise it is a warning, shown before publishing and by `flows -- check`.
   */
  enforced: boolean;
}

/** The page a site path is read from: a reserved name (RFC 2606) that no real link names. */
const SITE = 'https://site.invalid';

/** Every place an ending sends a visitor: the JSON pointer of the URL and the URL as written. */
function endingTargets(flow: ResolvedFlow): { pointer: string; href: string }[] {
  return flow.endings.flatMap((ending, i) => {
    const at = `/endings/${i}`;
    if (ending.kind === 'redirect') return [{ pointer: `${at}/path`, href: ending.path }];
    if (ending.kind !== 'screen') return [];
    return [
      ...ending.links.map((link, j) => ({ pointer: `${at}/links/${j}/href`, href: link.href })),
      ...ending.buttons.flatMap((button, j) =>
        button.href === undefined
          ? []
          : [{ pointer: `${at}/buttons/${j}/href`, href: button.href }],
      ),
    ];
  });
}

/**
 * Where a browser on a page of the site goes when it follows `href`: `site` (a path of this
 * site), another host, or nowhere it should (`refused`: not http(s), or not a URL at all). Read
 * with the WHATWG URL parser, as browsers and Next's router read it, so `//host`, `/\host` and a
 * tab or line break inside `/ /host` count as the other site they lead to.
 */
function linkTarget(href: string): 'site' | 'refused' | { host: string } {
  let url: URL;
  try {
    url = new URL(href, SITE);
  } catch {
    return 'refused';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'refused';
  return url.origin === SITE ? 'site' : { host: url.hostname };
}

/**
 * Each ending link, button and redirect that leaves the site for a host not in `hosts.allowed`
 * (a warning, or an error when the list is enforced), and each that no browser should follow
 * (an error). The schema already refuses anything but a path or an `https://` URL; this check
 * sees what those strings lead to.
 */
export function checkEndingLinks(
  flow: ResolvedFlow,
  file: string,
  hosts: LinkHosts = { allowed: [], enforced: false },
): Diagnostic[] {
  const allowed = new Set(hosts.allowed.map((host) => host.toLowerCase()));
  const diagnostics: Diagnostic[] = [];
  for (const { pointer, href } of endingTargets(flow)) {
    const target = linkTarget(href);
    if (target === 'site') continue;
    if (target === 'refused') {
      diagnostics.push({
        file,
        pointer,
        message: `"${href}" is not a link a browser can follow to a page`,
        hint: 'Link to a page of the site, e.g. /contact-us',
        code: 'link.refused',
        args: { href },
      });
      continue;
    }
    if (allowed.has(target.host)) continue;
    diagnostics.push({
      file,
      pointer,
      message: hosts.enforced
        ? `This sends visitors to ${target.host}, which is not among the hosts allowed (FLOW_LINK_HOSTS)`
        : `This sends visitors to another site, ${target.host}`,
      hint: `Add ${target.host} to FLOW_LINK_HOSTS, or link to a page of the site`,
      code: hosts.enforced ? 'link.host-not-allowed' : 'link.other-site',
      args: { host: target.host },
      ...(hosts.enforced ? {} : { severity: 'warning' as const }),
    });
  }
  return diagnostics;
}
