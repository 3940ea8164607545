export { default, metadata } from '@/site/pages/account-page';
