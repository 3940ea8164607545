import { describe, expect, it } from 'vitest';
import { embeddedContent } from '@/site/content/embedded/embedded-content-source';
import { findByUrl, resolveMobileMenu } from '@/site/shell/mobile/mobile-menu';

describe('mobile sidebar', () => {
  const { megaMenu, topBar, mobileMenu } = embeddedContent.navigation;
  const sections = resolveMobileMenu({ megaMenu, topBar, mobileMenu }, embeddedContent.industries);

  it('lists the first level in the order of navigation.md', () => {
    expect(sections.map((section) => section.name)).toEqual([
      'About',
      'Consulting',
      'Business Plans',
      'Financing',
      'Legal',
      'Technology',
      'Industries',
      'Careers',
      'Market Data Plans',
      'Insights',
      'Media',
      'Reviews',
      'Subscribe',
      'Contact',
    ]);
  });

  it('gives each section its second level and leaves the last five as plain links', () => {
    const byName = new Map(sections.map((section) => [section.name, section]));
    expect(byName.get('Industries')?.children).toHaveLength(24);
    expect(byName.get('Industries')?.children?.[0]?.url).toBe(
      '/industries#advanced-manufacturing-and-services',
    );
    expect(byName.get('Business Plans')?.children?.map((c) => c.name)).toContain(
      'Investor Pitch Deck',
    );
    // Consulting shows its own services; business plans and market data have their own sections.
    const consulting = byName.get('Consulting')?.children?.map((c) => c.name) ?? [];
    expect(consulting).toContain('Management Consulting');
    expect(consulting).not.toContain('Business Plans');
    for (const name of ['Insights', 'Media', 'Reviews', 'Subscribe', 'Contact']) {
      expect(byName.get(name)?.children).toBeUndefined();
    }
  });

  it('finds the shallowest node with a URL', () => {
    expect(findByUrl(megaMenu, '/consulting')?.children?.length).toBeGreaterThan(10);
    expect(findByUrl(megaMenu, '/financing/private-equity')?.children).toHaveLength(10);
    expect(findByUrl(megaMenu, '/nope')).toBeUndefined();
  });
});
