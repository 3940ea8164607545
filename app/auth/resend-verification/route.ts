export { resendVerificationPost as POST } from '@/site/server/auth/route-handlers';
