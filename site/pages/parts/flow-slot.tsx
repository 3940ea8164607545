import { siteConfig, telHref } from '@/site/config/site-config';
import type { PageFormId } from '@/site/content/page-types';
import { PageFlow } from '@/site/flows/page-flow';

/** The heading each hosted form carries on the page. */
export const flowHeadings: Record<PageFormId, string> = {
  client: 'Tell us about your business',
  grants: 'Find out whether grants fit your project',
  careers: 'Start your career application',
  careersApplication: 'Apply to join the team',
  subscribePage: 'Subscribe to our insights',
  bookConsult: 'Book a free consultation',
  readyToTalk: 'Ready to talk?',
  tellUsMore: 'Tell us more about your project',
  contactBanner: 'Contact us',
  ebook: 'Get our e-book',
  joinEvent: 'Join our next event',
};

/**
 * Where a page hosts the form flow `flow` (flows/<flow>.json). The questionnaire renderer
 * fills this slot; until then it shows the form's heading and how to reach the firm, so a
 * visitor is never left with a dead form.
 */
export function FlowSlot({ flow }: { flow: PageFormId }) {
  const careers = flow === 'careers' || flow === 'careersApplication';
  const email = careers ? siteConfig.careersEmail : siteConfig.infoEmail;
  const id = `form-${flow}`;
  return (
    // A plain block, not a labelled region: the flow inside is its own region with the same
    // name, and two landmarks of one name confuse screen-reader landmark lists (axe).
    <div className="flow-slot" id={id} data-flow={flow}>
      <div className="container">
        <h2 id={`${id}-title`}>{flowHeadings[flow]}</h2>
        <PageFlow flow={flow} label={flowHeadings[flow]} />
        <p>
          Prefer to talk? Call <a href={telHref(siteConfig.phone)}>{siteConfig.phone}</a> or write
          to <a href={`mailto:${email}`}>{email}</a> and an advisor will answer within one business
          day.
        </p>
      </div>
    </div>
  );
}
