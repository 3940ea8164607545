export { POST } from '@/site/server/csp-reports/csp-report-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';
