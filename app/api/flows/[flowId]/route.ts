export { GET, generateStaticParams } from '@/site/flows/flow-json-route';

// Static: written at build time, one response per flow, and written again only when a new version
// is published (on-demand revalidation). A flow created after the build renders on first request.
export const dynamic = 'force-static';
export const dynamicParams = true;
