export { default, metadata } from '@/site/admin/flows/flow-funnel-page';

// Staff only, and the funnel changes with every visit: read per request, after the guard.
export const dynamic = 'force-dynamic';
