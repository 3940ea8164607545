// Each page template's 1200x630 social image, rendered once at build time.
export { GET, generateSocialImageParams as generateStaticParams } from '@/site/seo/social-image';

export const dynamic = 'force-static';
export const dynamicParams = false;
