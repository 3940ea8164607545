export { default, metadata } from '@/site/admin/studio/studio-page';

// Staff only, and the draft changes with every save: read per request, after the guard.
export const dynamic = 'force-dynamic';
