import { siteConfig, telHref } from '@/site/config/site-config';
import { loadSiteFlow } from '@/site/flows/load-site-flow';
import { PageFlow } from '@/site/flows/page-flow';

/**
 * Where a page hosts the form flow `flow` (flows/<flow>.json), under the flow's `pageHeading`:
 * any flow a page's `forms` names, with no code to add. The slot also says how to reach the
 * firm, so a visitor is never left with a dead form.
 */
export async function FlowSlot({ flow }: { flow: string }) {
  const { pageHeading, title } = await loadSiteFlow(flow);
  const heading = pageHeading ?? title;
  const careers = flow === 'careers' || flow === 'careersApplication';
  const email = careers ? siteConfig.careersEmail : siteConfig.infoEmail;
  const id = `form-${flow}`;
  return (
    // A plain block, not a labelled region: the flow inside is its own region with the same
    // name, and two landmarks of one name confuse screen-reader landmark lists (axe).
    <div className="flow-slot" id={id} data-flow={flow}>
      <div className="container">
        <h2 id={`${id}-title`}>{heading}</h2>
        <PageFlow flow={flow} label={heading} />
        <p>
          Prefer to talk? Call <a href={telHref(siteConfig.phone)}>{siteConfig.phone}</a> or write
          to <a href={`mailto:${email}`}>{email}</a> and an advisor will answer within one business
          day.
        </p>
      </div>
    </div>
  );
}
