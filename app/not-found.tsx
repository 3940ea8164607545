export { default, metadata } from '@/site/pages/site-not-found-page';
