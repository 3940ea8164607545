export { default, metadata } from '@/site/pages/home-page';
