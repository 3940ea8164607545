export { default, metadata } from '@/site/pages/verify-email-page';
