/**
 * The large, link-only panels of the header (mega-menu sections, industries, offices) as HTML
 * strings. They are hundreds of elements that never change on the client; rendered through
 * `dangerouslySetInnerHTML` they cost the browser no hydration work and travel in the page
 * payload as one string instead of an element tree. Every text and URL is escaped here.
 */
import type { Industry, NavItem, OfficeGroup } from '@/site/content/content-types';

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => entities[c] ?? c);

const link = (url: string, text: string, className?: string) =>
  `<a${className ? ` class="${className}"` : ''} href="${escapeHtml(url)}">${escapeHtml(text)}</a>`;

function navList(items: readonly NavItem[], nested = false): string {
  const entries = items
    .map(
      (item) =>
        `<li>${link(item.url, item.name)}${item.children ? navList(item.children, true) : ''}</li>`,
    )
    .join('');
  return `<ul class="${nested ? 'mega-list mega-list--nested' : 'mega-list'}">${entries}</ul>`;
}

/**
 * One mega-menu section: the section's own page, its plain children in a first column, then
 * one column per child that has children of its own.
 */
export function megaPanelHtml(item: NavItem): string {
  const children = item.children ?? [];
  const leaves = children.filter((child) => !child.children);
  const groups = children.filter((child) => child.children);
  const columns = [
    leaves.length ? `<div class="mega-col">${navList(leaves)}</div>` : '',
    ...groups.map(
      (group) =>
        `<div class="mega-col">${link(group.url, group.name, 'mega-col__title')}${navList(group.children ?? [])}</div>`,
    ),
  ].join('');
  return (
    `<div class="mega-panel"><div class="container">` +
    `${link(item.url, `${item.name} overview`, 'mega-panel__overview')}` +
    `<div class="mega-panel__columns">${columns}</div></div></div>`
  );
}

/** The industries grid: four columns, each industry linking to its section of /industries. */
export function industriesPanelHtml(industries: readonly Industry[]): string {
  const items = industries.map(
    (industry) => `<li>${link(`/industries#${industry.slug}`, industry.name)}</li>`,
  );
  return (
    `<div class="topbar-panel"><ul class="industries-grid">${items.join('')}</ul>` +
    `${link('/industries', 'View all industries', 'topbar-panel__all')}</div>`
  );
}

/** The offices: each state with its page and its cities' pages. */
export function officesPanelHtml(groups: readonly OfficeGroup[]): string {
  const items = groups.map(
    (group) =>
      `<li>${link(group.url, group.name, 'offices-grid__state')}<ul>${group.cities
        .map((city) => `<li>${link(city.url, city.name)}</li>`)
        .join('')}</ul></li>`,
  );
  return (
    `<div class="topbar-panel"><ul class="offices-grid">${items.join('')}</ul>` +
    `${link('/offices', 'See all offices', 'topbar-panel__all')}</div>`
  );
}
