export { default, metadata } from '@/site/pages/careers-page';
