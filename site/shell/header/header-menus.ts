/**
 * The header's large, link-only menus — the mega-menu panels, industries, offices (as HTML
 * strings, see panel-html) and the mobile sidebar's sections — served as one JSON document
 * written at build time (`GET /api/header-menus`). Pages do not carry them: they are hundreds
 * of links that would otherwise travel twice in every page (HTML and React payload) and cost
 * parse time on arrival; the header fetches them on the visitor's first move towards it.
 */
import { getContentSource } from '@/site/content/get-content-source';
import { resolveMobileMenu } from '../mobile/mobile-menu';
import type { HeaderMenus } from '../menu/header-menus-client';
import { industriesPanelHtml, megaPanelHtml, officesPanelHtml } from './panel-html';

/** The menu id of a mega-menu section ("Legal Advisory" → "legal-advisory"). */
export const menuId = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

export async function headerMenus(): Promise<HeaderMenus> {
  const source = getContentSource();
  const [navigation, industries, offices] = await Promise.all([
    source.navigation(),
    source.industries(),
    source.officeGroups(),
  ]);
  const panels: Record<string, string> = {
    industries: industriesPanelHtml(industries),
    offices: officesPanelHtml(offices),
  };
  for (const item of navigation.megaMenu) {
    if (item.children) panels[menuId(item.name)] = megaPanelHtml(item);
  }
  return { panels, mobileSections: resolveMobileMenu(navigation, industries) };
}

export async function GET(): Promise<Response> {
  return Response.json(await headerMenus());
}
