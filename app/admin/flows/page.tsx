export { default, metadata } from '@/site/admin/flows/flow-list-page';

// Staff only: read per request, after the guard.
export const dynamic = 'force-dynamic';
