export { verifyPost as POST } from '@/site/server/auth/route-handlers';
