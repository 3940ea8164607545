import { siteConfig, telHref } from '@/site/config/site-config';
import { loadSiteFlow } from '@/site/flows/load-site-flow';
import { PageFlow } from '@/site/flows/page-flow';

/**
 * Where a page hosts the form flow `flow` (flows/<flow>.json), under the flow's `pageHeading`:
 * any flow a page's `forms` names, with no code to add. The slot also says how to reach the
 * firm, so a visitor is never left with a dead form. `card`: the slot is a card inside a layout
 * of its own (the home page's hero) rather than a band of the page's width.
 */
export async function FlowSlot({ flow, card = false }: { flow: string; card?: boolean }) {
  const { pageHeading, title } = await loadSiteFlow(flow);
  const heading = pageHeading ?? title;
  const careers = flow === 'careers' || flow === 'careersApplication';
  const email = careers ? siteConfig.careersEmail : siteConfig.infoEmail;
  const id = `form-${flow}`;
  return (
    // A plain block, not a labelled region: the flow inside is its own region with the same
    // name, and two landmarks of one name confuse screen-reader landmark lists (axe).
    <div className={`flow-slot${card ? ' flow-slot--card' : ''}`} id={id} data-flow={flow}>
      <div className={card ? 'flow-slot__card' : 'container'}>
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
