export { default, metadata } from '@/site/pages/login-page';
