export { default } from '@/site/pages/home-page';
