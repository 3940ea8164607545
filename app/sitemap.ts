export { default } from '@/site/seo/sitemap';
