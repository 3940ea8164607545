export { registerPost as POST } from '@/site/server/auth/route-handlers';
