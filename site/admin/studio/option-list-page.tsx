/**
 * /admin/flows/options/{listId}/edit: a shared option list in the studio (staff only), with its
 * draft or newest published text and the flows that use it.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { csrfTokenForPage } from '@/site/server/admin/admin-post';
import { requireStaff } from '@/site/server/admin/staff-guard';
import { optionListStoreId } from '@/site/server/flows/flow-catalogue';
import { siteRuntime } from '@/site/server/runtime/site-runtime';
import { AdminFrame } from '../admin-frame';
import { OptionListStudio } from './option-list-studio';

export const metadata: Metadata = {
  title: 'Option list',
  robots: { index: false, follow: false },
};

/** The flows whose text names the list (`"options": "<id>"` or `{"list": "<id>"}`). */
function usesList(source: string, listId: string): boolean {
  const quoted = JSON.stringify(listId).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`"(options|list)"\\s*:\\s*${quoted}`).test(source);
}

export default async function OptionListPage({ params }: { params: Promise<{ listId: string }> }) {
  const { listId } = await params;
  const staff = await requireStaff(`/admin/flows/options/${encodeURIComponent(listId)}/edit`);
  const store = siteRuntime().catalogue;
  const id = optionListStoreId(listId);
  const [latest, draft, flows] = await Promise.all([
    store.latest(id),
    store.draftOf(id),
    store.latestVersions(undefined, 'flows'),
  ]);
  if (!latest && !draft) notFound();
  return (
    <AdminFrame staff={staff} current="/admin/flows">
      <OptionListStudio
        listId={listId}
        published={latest && { source: latest.source, version: latest.version }}
        draft={draft}
        usedBy={flows.filter((f) => usesList(f.source, listId)).map((f) => f.flowId)}
        csrf={await csrfTokenForPage()}
      />
    </AdminFrame>
  );
}
