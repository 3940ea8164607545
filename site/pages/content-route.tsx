/**
 * The generic content routes `/{slug}`, `/{slug}/{slug1}`, `/{slug}/{slug1}/{slug2}`: every
 * page and policy of the content, prerendered. Paths another route owns (search, careers,
 * insights/…, media-mentions/…, cities/…) are left to it.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getContentSource } from '@/site/content/get-content-source';
import { contentMetadata } from '@/site/seo/content-metadata';
import { socialTemplateOfPage } from '@/site/seo/social-templates';
import { ContentPage } from './content-page';
import { PolicyPage } from './policy-page';

type Params = { slug: string; slug1?: string; slug2?: string };

const ownedElsewhere = new Set(['/search', '/careers']);
const ownedPrefixes = ['/insights/', '/media-mentions/', '/cities/'];

const toPath = (params: Params) =>
  `/${[params.slug, params.slug1, params.slug2].filter(Boolean).join('/')}`;

async function find(path: string) {
  const source = getContentSource();
  const [page, policies] = await Promise.all([source.page(path), source.policies()]);
  if (page) return { page } as const;
  const policy = policies.find((entry) => entry.path === path);
  return policy ? ({ policy } as const) : undefined;
}

/** The params of every content path with `depth` segments. */
export async function contentParams(depth: 1 | 2 | 3): Promise<Params[]> {
  const source = getContentSource();
  const [pages, policies] = await Promise.all([source.pages(), source.policies()]);
  return [...pages, ...policies]
    .map((entry) => entry.path)
    .filter(
      (path) =>
        !ownedElsewhere.has(path) && !ownedPrefixes.some((prefix) => path.startsWith(prefix)),
    )
    .map((path) => path.split('/').slice(1))
    .filter((segments) => segments.length === depth)
    .map(([slug, slug1, slug2]) => ({
      slug: slug!,
      ...(slug1 ? { slug1 } : {}),
      ...(slug2 ? { slug2 } : {}),
    }));
}

export const generateStaticParams1 = () => contentParams(1);
export const generateStaticParams2 = () => contentParams(2);
export const generateStaticParams3 = () => contentParams(3);

export async function generateContentMetadata({
  params,
}: {
  params: Promise<Params>;
}): Promise<Metadata> {
  const path = toPath(await params);
  const found = await find(path);
  if (!found) return {};
  const entry = found.page ?? found.policy;
  return contentMetadata({
    path,
    title: entry.title,
    description: entry.description,
    // Policies are fixed pages too.
    social: found.page ? socialTemplateOfPage(found.page.template) : 'page',
  });
}

export default async function ContentRoute({ params }: { params: Promise<Params> }) {
  const found = await find(toPath(await params));
  if (!found) notFound();
  return found.page ? <ContentPage page={found.page} /> : <PolicyPage policy={found.policy} />;
}
