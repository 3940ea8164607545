export { default, metadata } from '@/site/admin/experiments/experiment-page';

// Staff only, and the report changes with every visit: read per request, after the guard.
export const dynamic = 'force-dynamic';
