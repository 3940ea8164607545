/**
 * The handlers `app/auth/<name>/route.ts` re-export. Each resolves the shared API lazily,
 * so importing a route at build time opens no database.
 */
import { getAuthApi } from './default-auth-api';

export const loginPost = (request: Request) => getAuthApi().login(request);
export const logoutPost = (request: Request) => getAuthApi().logout(request);
export const userGet = (request: Request) => getAuthApi().user(request);
export const registerPost = (request: Request) => getAuthApi().register(request);
export const verifyPost = (request: Request) => getAuthApi().verify(request);
export const resendVerificationPost = (request: Request) =>
  getAuthApi().resendVerification(request);
