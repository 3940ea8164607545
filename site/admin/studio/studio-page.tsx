/**
 * /admin/flows/{id}/edit: the flow studio for staff. The server reads the flow's draft (or its
 * newest published version), the shared option lists the checks need and the live version's
 * funnel numbers, then hands them to the studio (flow-studio.tsx), which loads the editor and runs the
 * engine's checks in the browser; the draft's revision is the base its first save names, and the
 * line of who else has the flow open (studio-presence.tsx) goes in the studio's header. HubSpot's
 * form definitions and whether the site can read them go too, for the studio's HubSpot check and
 * panel: they are not secret, the token they were read with is, and stays here. Nothing here
 * reaches public pages: the studio's code is in the chunks of this route only.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { env } from '@/site/env';
import { csrfTokenForPage } from '@/site/server/admin/admin-post';
import { requireStaff } from '@/site/server/admin/staff-guard';
import { siteRuntime } from '@/site/server/runtime/site-runtime';
import { funnel } from '@/site/server/funnel/funnel-report';
import { AdminFrame } from '../admin-frame';
import { FlowStudio } from './flow-studio';
import { StudioPresence } from './studio-presence';
import { studioPath } from './studio-actions';

export const metadata: Metadata = {
  title: 'Flow studio',
  robots: { index: false, follow: false },
};

export default async function FlowStudioPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const staff = await requireStaff(studioPath(id));
  const store = siteRuntime().catalogue;
  const [latest, draft] = await Promise.all([store.latest(id), store.draftOf(id)]);
  await store.reloadOptionLists();
  if (!latest && !draft) notFound();
  // The live version's funnel, all time, for the graph's overlay.
  const live = latest && (await siteRuntime().flows.flow(id, latest.version));
  const liveFunnel = live && (await funnel(live, {}, siteRuntime().funnel.store));
  const csrf = await csrfTokenForPage();
  const hubspot = siteRuntime().hubspotForms;
  const hubspotForms = await hubspot.definitions();
  return (
    <AdminFrame staff={staff} current="/admin/flows">
      <FlowStudio
        flowId={id}
        published={latest && { source: latest.source, version: latest.version }}
        draft={draft}
        optionLists={store.optionListData()}
        vars={{ brandName: env.BRAND_NAME, brandSlug: env.BRAND_SLUG }}
        linkHosts={store.linkHosts()}
        csrf={csrf}
        funnel={liveFunnel}
        hubspot={{ status: hubspot.status(), forms: hubspotForms }}
        presence={<StudioPresence flowId={id} csrf={csrf} />}
      />
    </AdminFrame>
  );
}
