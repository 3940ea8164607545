export { POST } from '@/site/server/client-errors/client-error-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';
