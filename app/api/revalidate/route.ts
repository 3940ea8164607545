export { POST } from '@/site/server/cms-webhook/revalidate-route';

// Strapi's webhook: every call revalidates what it names, nothing is cached.
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';
