export { GET } from '@/site/server/leads/file-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';
