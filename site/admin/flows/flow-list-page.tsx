/** /admin/flows: every flow of the site, linking to its funnel (staff only). */
import type { Metadata } from 'next';
import Link from 'next/link';
import { requireStaff } from '@/site/server/admin/staff-guard';
import { siteFlowRegistry } from '@/site/server/flows/site-flow-registry';
import { AdminFrame } from '../admin-frame';
import styles from './flow-funnel.module.css';

export const metadata: Metadata = {
  title: 'Flows',
  robots: { index: false, follow: false },
};

export default async function FlowListPage() {
  const staff = await requireStaff('/admin/flows');
  const registry = siteFlowRegistry();
  const flows = registry
    .ids()
    .map((id) => registry.get(id)!)
    .sort((a, b) => a.title.localeCompare(b.title));
  return (
    <AdminFrame staff={staff} current="/admin/flows">
      <div className={styles.page}>
        <h1>Flows</h1>
        <p className={styles.lead}>
          Every questionnaire and form of the site. Open one to see its funnel: how many visitors
          saw each step, took each transition and reached each ending.
        </p>
        <ul className={styles.flowList}>
          {flows.map((flow) => (
            <li key={flow.id}>
              <Link href={`/admin/flows/${encodeURIComponent(flow.id)}`}>{flow.title}</Link>{' '}
              <code>{flow.id}</code>, version {flow.version}
            </li>
          ))}
        </ul>
      </div>
    </AdminFrame>
  );
}
