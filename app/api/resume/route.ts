import { siteRuntime } from '@/site/server/runtime/site-runtime';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** A resume link opens or deletes the answers it was sent for (site/server/leads/resume-service.ts). */
export async function POST(request: Request): Promise<Response> {
  return siteRuntime().postResume(request);
}
