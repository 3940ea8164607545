/**
 * The live site's misspelled URLs (navigation.md, last section) and the corrected pages they
 * now answer with a permanent redirect, so old links and search rankings carry over.
 * Each also redirects under the `/en` prefix.
 */
export const legacyRedirects: { source: string; destination: string }[] = [
  {
    source: '/consulting/business-plans/financial-performa',
    destination: '/consulting/business-plans/financial-proforma',
  },
  {
    source: '/financing/private-equity/seconday-fund',
    destination: '/financing/private-equity/secondary-fund',
  },
  {
    source: '/financing/private-equity/leverage-buyout',
    destination: '/financing/private-equity/leveraged-buyout',
  },
  {
    source: '/financing/mergers-and-acquisitions/post-merger-inegration',
    destination: '/financing/mergers-and-acquisitions/post-merger-integration',
  },
  // `+` is a pattern modifier in Next's path syntax: escaped, it matches the literal `reg-a+`.
  { source: '/financing/regulation-d/reg-a\\+', destination: '/financing/regulation-d/reg-a-plus' },
  {
    source: '/legal-advisory/private-place-memorandum',
    destination: '/legal-advisory/private-placement-memorandum',
  },
  { source: '/cities/califonia', destination: '/cities/california' },
  { source: '/cities/berkely', destination: '/cities/berkeley' },
];

/** The rules for `next.config.ts` `redirects()`: each path with and without `/en`. */
export function legacyRedirectRules() {
  return legacyRedirects.flatMap(({ source, destination }) => [
    { source, destination, permanent: true },
    { source: `/en${source}`, destination: `/en${destination}`, permanent: true },
  ]);
}
