import type { Metadata } from 'next';
import { LeadsPage } from '@/site/admin/leads/leads-page';

export const metadata: Metadata = { title: 'Leads', robots: { index: false, follow: false } };
export default LeadsPage;
