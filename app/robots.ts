export { default } from '@/site/seo/robots';
