import type { Metadata } from 'next';
import { LeadPage } from '@/site/admin/leads/lead-page';

export const metadata: Metadata = { title: 'Lead', robots: { index: false, follow: false } };
export default LeadPage;
