export { logoutPost as POST } from '@/site/server/auth/route-handlers';
