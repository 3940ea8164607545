export { postFlowsPublished as POST } from '@/site/server/flows/revalidate-flows';

// Called by this server's own flow watcher, with a per-process token; never cached.
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';
