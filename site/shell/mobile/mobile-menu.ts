import type { Industry, MobileMenuEntry, NavItem, Navigation } from '@/site/content/content-types';

/** One first-level entry of the mobile sidebar; `children` is its second level. */
export interface MobileSection {
  name: string;
  url: string;
  children?: NavItem[];
}

/** Finds the shallowest tree node with `url` (breadth-first, so a section wins over its namesake child). */
export function findByUrl(tree: readonly NavItem[], url: string): NavItem | undefined {
  let level: readonly NavItem[] = tree;
  while (level.length) {
    const match = level.find((item) => item.url === url);
    if (match) return match;
    level = level.flatMap((item) => item.children ?? []);
  }
  return undefined;
}

function expand(entry: MobileMenuEntry, tree: readonly NavItem[], industries: readonly Industry[]) {
  switch (entry.expand) {
    case 'industries':
      return industries.map((industry) => ({
        name: industry.name,
        url: `/industries#${industry.slug}`,
      }));
    case 'tree':
      return findByUrl(tree, entry.url)?.children;
    case 'tree-leaves':
      return findByUrl(tree, entry.url)?.children?.filter((child) => !child.children);
    default:
      return undefined;
  }
}

/** Resolves the sidebar's entries against the navigation tree (which may come from the CMS). */
export function resolveMobileMenu(
  navigation: Navigation,
  industries: readonly Industry[],
): MobileSection[] {
  return navigation.mobileMenu.map((entry) => {
    const children = expand(entry, navigation.megaMenu, industries);
    return children?.length
      ? { name: entry.name, url: entry.url, children }
      : { name: entry.name, url: entry.url };
  });
}
