export { GET } from '@/site/flows/experiments-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';
