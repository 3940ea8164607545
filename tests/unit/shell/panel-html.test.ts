import { describe, expect, it } from 'vitest';
import {
  escapeHtml,
  industriesPanelHtml,
  megaPanelHtml,
  officesPanelHtml,
} from '@/site/shell/header/panel-html';

describe('header panel HTML', () => {
  it('escapes every text and URL, so CMS content cannot inject markup', () => {
    expect(escapeHtml(`<b>"Tom" & 'Jerry'</b>`)).toBe(
      '&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;',
    );
    const html = megaPanelHtml({
      name: 'M&A <img src=x onerror=alert(1)>',
      url: '/m"a',
      children: [{ name: 'Deals', url: '/m/deals' }],
    });
    expect(html).not.toContain('<img');
    expect(html).toContain('href="/m&quot;a"');
    expect(html).toContain('M&amp;A &lt;img');
  });

  it('renders a section as overview, a column of plain links, then one column per group', () => {
    const html = megaPanelHtml({
      name: 'Legal',
      url: '/legal-advisory',
      children: [
        { name: 'Trademark', url: '/legal-advisory/trademark' },
        {
          name: 'Intellectual Property',
          url: '/legal-advisory/intellectual-property',
          children: [
            { name: 'Design Patent', url: '/legal-advisory/intellectual-property/design-patent' },
          ],
        },
      ],
    });
    expect(html).toContain(
      '<a class="mega-panel__overview" href="/legal-advisory">Legal overview</a>',
    );
    expect(html.match(/class="mega-col"/g)).toHaveLength(2);
    expect(html).toContain(
      '<a class="mega-col__title" href="/legal-advisory/intellectual-property">',
    );
  });

  it('links industries to their anchors and offices to their city pages', () => {
    expect(industriesPanelHtml([{ name: 'Retail', slug: 'retail' }])).toContain(
      '<a href="/industries#retail">Retail</a>',
    );
    const offices = officesPanelHtml([
      {
        name: 'Ohio',
        url: '/cities/ohio',
        cities: [{ name: 'Columbus', url: '/cities/columbus' }],
      },
    ]);
    expect(offices).toContain('<a class="offices-grid__state" href="/cities/ohio">Ohio</a>');
    expect(offices).toContain('<a href="/cities/columbus">Columbus</a>');
    expect(offices).toContain('href="/offices">See all offices</a>');
  });
});
