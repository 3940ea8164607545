export { userGet as GET } from '@/site/server/auth/route-handlers';
