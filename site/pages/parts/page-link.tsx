import type { AnchorHTMLAttributes } from 'react';

/**
 * An internal link of the page templates. It renders a plain `<a>`: the shell's navigation
 * behaviours turn same-site clicks into client-side navigations and prefetch on intent only,
 * so content pages ship no per-link JavaScript and make no prefetch request on load (which
 * `next/link` would, for every link in the viewport).
 */
export function PageLink(props: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return <a {...props} />;
}
