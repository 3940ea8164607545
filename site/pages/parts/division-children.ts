import type { NavItem } from '@/site/content/content-types';
import { getContentSource } from '@/site/content/get-content-source';
import type { Page } from '@/site/content/page-types';

function findItem(items: readonly NavItem[], url: string): NavItem | undefined {
  for (const item of items) {
    if (item.url === url) return item;
    const found = findItem(item.children ?? [], url);
    if (found) return found;
  }
  return undefined;
}

/**
 * The services a division page lists: its children in the navigation tree, or — for pages
 * only the footer links (business financing, private credit …) — the pages one level below it.
 */
export async function divisionChildren(path: string): Promise<Page[]> {
  const source = getContentSource();
  const [navigation, pages] = await Promise.all([source.navigation(), source.pages()]);
  const byPath = new Map(pages.map((page) => [page.path, page]));
  const item = findItem(navigation.megaMenu, path);
  const fromMenu = (item?.children ?? [])
    .map((child) => byPath.get(child.url))
    .filter((page): page is Page => page !== undefined && page.path !== path);
  if (fromMenu.length > 0) return [...new Map(fromMenu.map((page) => [page.path, page])).values()];
  const depth = path.split('/').length;
  return pages.filter(
    (page) => page.path.startsWith(`${path}/`) && page.path.split('/').length === depth + 1,
  );
}
