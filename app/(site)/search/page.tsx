export { default, metadata } from '@/site/pages/search-page';
