export { default, metadata } from '@/site/pages/resume-page';
