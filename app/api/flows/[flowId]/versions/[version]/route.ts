export { GET } from '@/site/flows/flow-version-route';

// A published version never changes, but which versions exist is read from the store per request.
export const dynamic = 'force-dynamic';
