export { loginPost as POST } from '@/site/server/auth/route-handlers';
