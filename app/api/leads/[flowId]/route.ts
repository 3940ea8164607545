export { POST } from '@/site/server/leads/lead-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';
