import { siteConfig, telHref } from '@/site/config/site-config';
import { loadSiteFlow } from '@/site/flows/load-site-flow';
import { PageFlow } from '@/site/flows/page-flow';
import { contacts } from './advisor-card';

/**
 * Where a page hosts the form flow `flow` (flows/<flow>.json), under the flow's `pageHeading`:
 * any flow a page's `forms` names, with no code to add. The slot also says how to reach the
 * firm (who answers: the flow's `audience`), so a visitor is never left with a dead form.
 * `card`: the slot is a card inside a layout of its own (the home page's hero) rather than a
 * band of the page's width.
 */
export async function FlowSlot({ flow, card = false }: { flow: string; card?: boolean }) {
  const { pageHeading, title, audience } = await loadSiteFlow(flow);
  const heading = pageHeading ?? title;
  const { email, who } = contacts[audience];
  const id = `form-${flow}`;
  const talk = (
    <p className="flow-slot__talk">
      Prefer to talk? Call <a href={telHref(siteConfig.phone)}>{siteConfig.phone}</a> or write to{' '}
      <a href={`mailto:${email}`}>{email}</a> and {who} will answer within one business day.
    </p>
  );
  const headingElement = (
    <h2 id={`${id}-title`} className={card ? 'eyebrow' : undefined}>
      {heading}
    </h2>
  );
  return (
    // A plain block, not a labelled region: the flow inside is its own region with the same
    // name, and two landmarks of one name confuse screen-reader landmark lists (axe).
    <div className={`flow-slot${card ? ' flow-slot--card' : ''}`} id={id} data-flow={flow}>
      {card ? (
        <div className="flow-slot__card">
          {headingElement}
          <PageFlow flow={flow} label={heading} />
          {talk}
        </div>
      ) : (
        // A band: what the form is and the other ways to reach the firm, then the form (side by
        // side on a wide screen).
        <div className="container flow-slot__band">
          <div className="flow-slot__intro">
            {headingElement}
            {talk}
          </div>
          <PageFlow flow={flow} label={heading} />
        </div>
      )}
    </div>
  );
}
