export const REVISION_HEADER: 'x-flow-revision';
export const REVISION_ATTRIBUTE: 'data-flow-revision';
export function revisionsInHtml(html: string): string[];
