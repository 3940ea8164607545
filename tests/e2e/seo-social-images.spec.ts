/**
 * Each page template names its own 1200x630 social image in OpenGraph and Twitter metadata, and
 * the image it names is a real PNG of that size served by the site.
 */
import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { templatePages } from '../../scripts/audit/templates';

const pages = templatePages;

const meta = (html: string, attribute: 'property' | 'name', key: string) =>
  new RegExp(`<meta ${attribute}="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)"`).exec(
    html,
  )?.[1];

/** The social tags of a page. */
async function socialTags(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  return {
    og: meta(html, 'property', 'og:image'),
    width: meta(html, 'property', 'og:image:width'),
    height: meta(html, 'property', 'og:image:height'),
    alt: meta(html, 'property', 'og:image:alt'),
    twitter: meta(html, 'name', 'twitter:image'),
    twitterAlt: meta(html, 'name', 'twitter:image:alt'),
    card: meta(html, 'name', 'twitter:card'),
  };
}

/** Width and height from a PNG's IHDR chunk, after checking the PNG signature. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('each template names its own 1200x630 PNG in OpenGraph and Twitter', async ({ request }) => {
  const imageOf = new Map<string, string>();
  const digestOf = new Map<string, string>();
  for (const { template, path } of pages) {
    const tags = await socialTags(request, path);
    expect(tags.og, template).toBeTruthy();
    expect(tags.twitter, template).toBe(tags.og);
    expect([tags.width, tags.height], template).toEqual(['1200', '630']);
    expect(tags.alt?.length ?? 0, `${template} alt`).toBeGreaterThan(10);
    expect(tags.twitterAlt, template).toBe(tags.alt);
    expect(tags.card, template).toBe('summary_large_image');

    const imagePath = new URL(tags.og!).pathname;
    const image = await request.get(imagePath);
    expect(image.status(), imagePath).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    const bytes = await image.body();
    expect(pngSize(bytes), imagePath).toEqual({ width: 1200, height: 630 });
    imageOf.set(template, imagePath);
    digestOf.set(imagePath, createHash('sha256').update(bytes).digest('hex'));
  }
  // The fixed pages (a policy, careers) share one image; every other template has its own,
  // drawn differently.
  expect(imageOf.get('policy (fixed page)')).toBe(imageOf.get('fixed page'));
  expect(imageOf.get('careers')).toBe(imageOf.get('fixed page'));
  const shared = ['policy (fixed page)', 'careers'];
  const distinct = pages.filter(({ template }) => !shared.includes(template));
  expect(new Set(distinct.map(({ template }) => imageOf.get(template))).size).toBe(distinct.length);
  expect(new Set(digestOf.values()).size).toBe(distinct.length);
});

test('the /en form of a page names the same image', async ({ request }) => {
  const plain = await socialTags(request, '/cities/manhattan');
  const prefixed = await socialTags(request, '/en/cities/manhattan');
  expect(prefixed.og).toBe(plain.og);
});

test('an unknown social image answers 404', async ({ request }) => {
  expect((await request.get('/social/no-such-template.png')).status()).toBe(404);
});
