/**
 * The handlers `app/auth/<name>/route.ts` re-export. Each resolves the shared API lazily,
 * so importing a route at build time opens no database.
 */
import { getAuthApi } from './default-auth-api';

export const loginPost = async (request: Request) => (await getAuthApi()).login(request);
export const logoutPost = async (request: Request) => (await getAuthApi()).logout(request);
export const userGet = async (request: Request) => (await getAuthApi()).user(request);
export const registerPost = async (request: Request) => (await getAuthApi()).register(request);
export const verifyPost = async (request: Request) => (await getAuthApi()).verify(request);
export const resendVerificationPost = async (request: Request) =>
  (await getAuthApi()).resendVerification(request);
