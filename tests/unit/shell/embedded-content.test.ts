import { describe, expect, it } from 'vitest';
import { navigationFileSchema } from '@/site/content/embedded/content-schemas';
import { embeddedContent } from '@/site/content/embedded/embedded-content-source';
import { parseContentFile } from '@/site/content/embedded/parse-content-file';

describe('embedded navigation content (navigation.md)', () => {
  it('has the mega-menu sections in order, the top bar and the two buttons', () => {
    const { megaMenu, topBar, buttons } = embeddedContent.navigation;
    expect(megaMenu.map((item) => [item.name, item.url])).toEqual([
      ['About', '/about-us'],
      ['Consulting', '/consulting'],
      ['Financing', '/financing'],
      ['Technology', '/technology'],
      ['Legal', '/legal-advisory'],
      ['Careers', '/careers'],
      ['Insights', '/insights'],
    ]);
    expect(topBar.map((link) => link.url)).toEqual([
      '/reviews',
      '/contact-us',
      '/subscribe',
      '/media',
    ]);
    expect(buttons.primary.url).toMatch(/^\//);
    expect(buttons.secondary.url).toMatch(/^\//);
  });

  it('keeps the corrected URLs, not the live site typos', () => {
    const urls = JSON.stringify(embeddedContent.navigation.megaMenu);
    expect(urls).toContain('/consulting/business-plans/financial-proforma');
    expect(urls).toContain('/financing/private-equity/secondary-fund');
    expect(urls).toContain('/financing/regulation-d/reg-a-plus');
    expect(urls).toContain('/consulting/business-plans/e-2-business-plans');
    expect(urls).not.toMatch(/performa|seconday|inegration|reg-a\+|private-place-memorandum/);
  });

  it('lists the 24 industries and the 20 office groups', () => {
    expect(embeddedContent.industries).toHaveLength(24);
    expect(embeddedContent.industries.map((i) => i.slug)).toContain('utilities-and-renewables');
    expect(embeddedContent.offices).toHaveLength(20);
    const california = embeddedContent.offices[0]!;
    expect(california).toMatchObject({ name: 'California', url: '/cities/california' });
    expect(california.cities).toHaveLength(8);
    const newYork = embeddedContent.offices.find((group) => group.name === 'New York')!;
    expect(newYork.url).toBe('/cities/new-york');
    expect(newYork.cities.map((c) => c.url)).toContain('/cities/manhattan');
    const florida = embeddedContent.offices.find((group) => group.name === 'Florida')!;
    expect(florida.cities.map((c) => c.url)).toContain('/cities/tampa-bay');
  });

  it('gives every language its correct code (Canada is en-CA, England en-GB)', () => {
    const codes = Object.fromEntries(
      embeddedContent.languages.flatMap((group) => group.languages.map((l) => [l.name, l.code])),
    );
    expect(codes['English (Canada)']).toBe('en-CA');
    expect(codes['English (UK)']).toBe('en-GB');
    expect(codes['Русский']).toBe('ru');
    expect(codes['中文 (台灣)']).toBe('zh-TW');
    expect(Object.keys(codes)).toHaveLength(18);
  });

  it('gives every footer entry a real page, never "#"', () => {
    const { groups, copyrightYears } = embeddedContent.footer;
    expect(groups.map((g) => g.title)).toEqual([
      'Business Financing',
      'Real Estate Financing',
      'Private Credit',
      'SBA Loans',
      'Legal',
      'Head Office',
    ]);
    expect(groups.map((g) => g.links.length)).toEqual([9, 2, 5, 7, 4, 3]);
    for (const link of groups.flatMap((g) => g.links)) expect(link.url).toMatch(/^\/[a-z0-9]/);
    expect(groups[2]!.links.map((l) => l.name)).toContain('Mezzanine Loans');
    expect(copyrightYears).toBe('2010-2023');
  });
});

describe('content validation errors', () => {
  it('names the file, the JSON pointer and the reason', () => {
    const broken = structuredClone(embeddedContent.navigation) as unknown as {
      megaMenu: { children: { url: string }[] }[];
    };
    broken.megaMenu[1]!.children[2]!.url = '#';
    expect(() => parseContentFile('content/navigation.json', navigationFileSchema, broken)).toThrow(
      /content\/navigation\.json\/megaMenu\/1\/children\/2\/url: must be a site path/,
    );
  });
});
