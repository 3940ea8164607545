export { default, metadata } from '@/site/admin/experiments/experiments-page';

// Staff only: read per request, after the guard.
export const dynamic = 'force-dynamic';
