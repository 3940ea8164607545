export { POST } from '@/site/server/leads/bench-echo-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';
