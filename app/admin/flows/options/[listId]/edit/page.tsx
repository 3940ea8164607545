export { default, metadata } from '@/site/admin/studio/option-list-page';

// Staff only: read per request, after the guard.
export const dynamic = 'force-dynamic';
