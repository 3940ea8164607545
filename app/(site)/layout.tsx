export { default } from '@/site/layout/site-layout';
