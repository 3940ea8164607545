// Where a rendered page or response names the flow revisions it shows (flow-revision.ts makes
// them): pages in an HTML attribute on each drawn flow, `/api/flows/{id}` in a header. Plain
// JavaScript, shared with the page cache (site/server/runtime/page-cache-handler.mjs), which
// Node loads as it is.

/** The response header of `/api/flows/{id}` that names the revision served. */
export const REVISION_HEADER = 'x-flow-revision';

/** The HTML attribute a flow drawn on a page carries (static-step.tsx). */
export const REVISION_ATTRIBUTE = 'data-flow-revision';

const attribute = new RegExp(`\\b${REVISION_ATTRIBUTE}="([^"]+)"`, 'g');

/** The revisions an HTML page shows, each once. */
export function revisionsInHtml(html) {
  return [...new Set(Array.from(html.matchAll(attribute), (match) => match[1]))];
}
