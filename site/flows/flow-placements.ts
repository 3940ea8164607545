/**
 * Where each flow is placed on the site, as data: the `forms` of every content page, the slots
 * the fixed templates hold in code (home page, place pages) and the shell's footer. The browser
 * path tests walk every placed flow from this list and `npm run flows -- check` names a flow
 * placed nowhere, so placing a flow on a page is all it takes to get it walked in a browser.
 * How a placed flow behaves is the flow's own data (its `booking`, `pagePosition`, `audience` …),
 * never its id.
 */
import type { ResolvedFlow } from '@/engine/client';

export interface FlowPlacement {
  flowId: string;
  /** A page that hosts the flow. */
  path: string;
  /** The element holding the flow on that page. */
  selector: string;
  /**
   * `flow`: the one flow renderer (site/flows/flow-host.tsx); `booking`: the booking island of
   * a flow that declares `booking`, which shows that flow and then the scheduler or its
   * fallback flow (site/flows/page-flow.tsx).
   */
  host: 'flow' | 'booking';
}

/** What placements read of the content source; any source (or a fixture) that lists pages. */
export interface PlacementContent {
  pages(): Promise<readonly { path: string; forms: readonly string[] }[]>;
  states(): Promise<readonly { slug: string }[]>;
  cities(): Promise<readonly { slug: string }[]>;
}

/** A page slot (site/pages/parts/flow-slot.tsx) holding `flowId`. */
const slot = (flowId: string, path: string): FlowPlacement => ({
  flowId,
  path,
  selector: `#form-${flowId}`,
  host: 'flow',
});

/**
 * The slots written in the templates rather than the content (keep in step with
 * site/pages/home-page.tsx and place-page.tsx; the browser walk fails on a slot that is not
 * where this says). The home page is listed first, so a flow it hosts is walked there.
 */
const homeSlots = ['client', 'readyToTalk', 'ebook', 'joinEvent'];
const placeSlots = ['contactBanner', 'readyToTalk'];

/** What placements read of the flows: which are bookings, and their fallback flows. */
export type PlacedFlows = Readonly<Record<string, Pick<ResolvedFlow, 'booking'>>>;

/**
 * The flows a page slot of `flowId` renders (site/flows/page-flow.tsx): the flow alone, or for
 * a booking its contact form, then its fallback flow, both in the booking island.
 */
function pageSlot(flowId: string, path: string, flows: PlacedFlows): FlowPlacement[] {
  const booking = Object.hasOwn(flows, flowId) ? flows[flowId]!.booking : undefined;
  if (!booking) return [slot(flowId, path)];
  return [flowId, booking.fallbackFlow].map((id) => ({
    flowId: id,
    path,
    selector: `#form-${flowId}`,
    host: 'booking' as const,
  }));
}

/**
 * Every placement, page by page: the home page, content pages, place pages, then the footer.
 * `flows`: the site's flows, whose `booking` says what a page slot of theirs renders.
 */
export async function flowPlacements(
  content: PlacementContent,
  flows: PlacedFlows,
): Promise<FlowPlacement[]> {
  const [pages, states, cities] = await Promise.all([
    content.pages(),
    content.states(),
    content.cities(),
  ]);
  const fromPages = pages.flatMap((page) =>
    page.forms.flatMap((flowId) => pageSlot(flowId, page.path, flows)),
  );
  const fromHome = homeSlots.flatMap((flowId) => pageSlot(flowId, '/', flows));
  const fromPlaces = [...states, ...cities].flatMap((place) =>
    placeSlots.flatMap((flowId) => pageSlot(flowId, `/cities/${place.slug}`, flows)),
  );
  // The footer is on every page; its home-page copy stands for them all.
  const footer: FlowPlacement = {
    flowId: 'newsletter',
    path: '/',
    selector: '#newsletter',
    host: 'flow',
  };
  return [...fromHome, ...fromPages, ...fromPlaces, footer];
}

/** The first placement of each flow, in placement order: where a browser walks it. */
export function walkedPlacements(placements: readonly FlowPlacement[]): FlowPlacement[] {
  const seen = new Set<string>();
  return placements.filter((p) => !seen.has(p.flowId) && Boolean(seen.add(p.flowId)));
}

/** The flows among `flowIds` that no page or shell slot places. */
export function unplacedFlows(
  flowIds: readonly string[],
  placements: readonly FlowPlacement[],
): string[] {
  const placed = new Set(placements.map((p) => p.flowId));
  return flowIds.filter((id) => !placed.has(id));
}

/** The placements naming a flow that is not among `flowIds` (a typo, or a file not added). */
export function placementsOfUnknownFlows(
  flowIds: readonly string[],
  placements: readonly FlowPlacement[],
): FlowPlacement[] {
  const known = new Set(flowIds);
  return placements.filter((p) => !known.has(p.flowId));
}
