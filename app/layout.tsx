export { default, metadata, viewport } from '@/site/layout/root-layout';
