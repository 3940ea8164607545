import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import routes from '@/tests/fixtures/spec-routes.json';
import { contentRoutes } from '@/site/content/content-routes';
import { checkContentLinks, type ContentBundle } from '@/site/content/embedded/check-content-links';
import { embeddedPages, createEmbeddedPageContent } from '@/site/content/embedded/embedded-pages';
import { pageFiles } from '@/site/content/embedded/page-files';
import { pagesFileSchema } from '@/site/content/embedded/page-schemas';
import { parseContentFile } from '@/site/content/embedded/parse-content-file';

const source = createEmbeddedPageContent();

describe('embedded page content', () => {
  it('imports every file of content/pages', () => {
    const files = readdirSync('content/pages').filter((name) => name.endsWith('.json'));
    expect(Object.keys(pageFiles).sort()).toEqual(
      files.map((name) => `content/pages/${name}`).sort(),
    );
  });

  it('has a page for every route of the specs', async () => {
    const known = new Set((await contentRoutes(source)).map((route) => route.path));
    // /search is a route of its own (results per query) and also has page copy.
    const missing = [...routes.fixed, ...routes.navigation].filter((path) => !known.has(path));
    expect(missing).toEqual([]);
  });

  it('meets the volume content.md asks for', async () => {
    expect((await source.insights()).length).toBeGreaterThanOrEqual(12);
    expect((await source.mediaMentions()).length).toBeGreaterThanOrEqual(8);
    expect((await source.reviews()).length).toBeGreaterThanOrEqual(9);
    expect((await source.states()).length).toBe(50);
    expect((await source.cities()).length).toBeGreaterThanOrEqual(50);
    expect((await source.offices()).map((city) => city.slug).sort()).toEqual([
      'beverly-hills',
      'manhattan',
      'west-hollywood',
    ]);
    expect((await source.industryDetails()).length).toBe(24);
  });

  it('lists insights newest first', async () => {
    const dates = (await source.insights()).map((insight) => insight.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('finds a page by path and nothing for an unknown one', async () => {
    expect((await source.page('/consulting/strategy'))?.template).toBe('service');
    expect(await source.page('/consulting/no-such-page')).toBeUndefined();
  });
});

describe('content diagnostics', () => {
  it('names the file and JSON pointer of a title that is too long', () => {
    const file = { pages: [{ ...embeddedPages.pages[0]!.page, title: 'x'.repeat(61) }] };
    expect(() => parseContentFile('content/pages/about.json', pagesFileSchema, file)).toThrow(
      'content/pages/about.json/pages/0/title: must be at most 60 characters',
    );
  });

  it('reports broken related links, duplicate titles and unknown placeholders', () => {
    const [first, second] = embeddedPages.pages;
    const bundle: ContentBundle = {
      ...embeddedPages,
      pages: [
        { ...first!, page: { ...first!.page, related: ['/consulting/no-such-page'] } },
        {
          ...second!,
          page: { ...second!.page, title: first!.page.title, overview: ['Call {phoneNumber}.'] },
        },
      ],
    };
    const problems = checkContentLinks(bundle);
    expect(problems).toContain(
      `${first!.file}/pages/${first!.index}/related/0: no page at /consulting/no-such-page`,
    );
    expect(
      problems.some((line) => line.includes('/title: title') && line.includes('is already used')),
    ).toBe(true);
    expect(problems).toContain(
      `${second!.file}/pages/${second!.index}/overview/0: unknown placeholder {phoneNumber}`,
    );
  });
});
