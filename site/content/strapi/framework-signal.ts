/**
 * Next's own control-flow errors: the dynamic-usage signal thrown while prerendering, a
 * prerender cut short, `notFound()`, `redirect()`, a postponed render. Next marks each with a
 * string `digest` (React's postpone with its `$$typeof`), and they must reach Next untouched
 * so it can act on them. A network failure or an error answer from Strapi has neither, so
 * only those count as the CMS failing. Free of next/* like the rest of the adapter.
 */
export function isFrameworkSignal(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { digest, $$typeof } = error as { digest?: unknown; $$typeof?: unknown };
  return typeof digest === 'string' || typeof $$typeof === 'symbol';
}
