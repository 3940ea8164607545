/**
 * The hosts this deployment lets a flow's endings send visitors to (the engine's `LinkHosts`):
 * those `FLOW_LINK_HOSTS` lists, the site's own (`SITE_URL`, for a link written as a full URL)
 * and the scheduler's (`SCHEDULER_URL`, already trusted to be framed on /book-consult). A path of
 * the site is always allowed. With `FLOW_LINK_HOSTS` set the list is enforced: a flow linking
 * elsewhere is refused when it is published (in the studio, by `flows -- publish`, and when a
 * file is imported at start); a version already published keeps being served.
 */
import type { LinkHosts } from '@/engine';
import type { Env } from '@/site/env';

const hostOf = (url: string | undefined) => (url === undefined ? [] : [new URL(url).hostname]);

export function flowLinkHosts(
  settings: Pick<Env, 'FLOW_LINK_HOSTS' | 'SITE_URL' | 'SCHEDULER_URL'>,
): LinkHosts {
  const listed = settings.FLOW_LINK_HOSTS;
  const allowed = [
    ...(listed ?? []),
    ...hostOf(settings.SITE_URL),
    ...hostOf(settings.SCHEDULER_URL),
  ];
  return { allowed: [...new Set(allowed)], enforced: listed !== undefined };
}
