export { GET, generateStaticParams } from '@/site/flows/flow-json-route';

// Written at build time, one file per flow; an unknown flow answers 404.
export const dynamic = 'force-static';
export const dynamicParams = false;
