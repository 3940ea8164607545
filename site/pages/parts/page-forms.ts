/**
 * Where a content page shows the flows its `forms` list, and whom its aside speaks to: read from
 * each flow's `pagePosition` and `audience` (schemas/flow.schema.json), never from its id, so a
 * flow made in the studio and placed on a page behaves as its JSON says.
 */
import type { ResolvedFlow } from '@/engine/client';
import type { Page } from '@/site/content/page-types';
import type { Audience } from './advisor-card';

/** What the page reads of each flow it places. */
export type PlacedFlow = Pick<ResolvedFlow, 'id' | 'pagePosition' | 'audience'>;

export interface PageForms {
  /** Right under the page's banner, across the page. */
  banner: string[];
  /** Among the page's sections, after how it works (where a reader decides), in page order. */
  inline: string[];
  /** Last in the main column: they close the page. */
  closing: string[];
  /** The right column's advisor card. */
  aside: Audience;
}

/**
 * The page's flows by where they go. A banner opens a division or fixed page; a service page
 * has its own banner-less rhythm, where such a flow is a form like the others. The aside is the
 * hiring team's on the careers pages and on a page whose every flow is the candidates'.
 */
export function pageForms(
  page: Pick<Page, 'path' | 'template'>,
  flows: readonly PlacedFlow[],
): PageForms {
  const forms: PageForms = { banner: [], inline: [], closing: [], aside: 'clients' };
  for (const flow of flows) {
    if (flow.pagePosition === 'closing') forms.closing.push(flow.id);
    else if (flow.pagePosition === 'banner' && page.template !== 'service')
      forms.banner.push(flow.id);
    else forms.inline.push(flow.id);
  }
  const candidates =
    page.path.startsWith('/careers') ||
    (flows.length > 0 && flows.every((flow) => flow.audience === 'candidates'));
  forms.aside = candidates ? 'candidates' : 'clients';
  return forms;
}
