export { default, generateMetadata } from '@/site/pages/careers-page';
