export { GET } from '@/site/server/health/health-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';
