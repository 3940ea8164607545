export { default, metadata } from '@/site/pages/not-found-page';
