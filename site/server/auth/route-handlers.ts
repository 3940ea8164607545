/**
 * The handlers `app/auth/<name>/route.ts` re-export. Each resolves the shared API lazily,
 * so importing a route at build time opens no database.
 */
import { siteRuntime } from '@/site/server/runtime/site-runtime';

export const loginPost = async (request: Request) => (await siteRuntime().auth()).login(request);
export const logoutPost = async (request: Request) => (await siteRuntime().auth()).logout(request);
export const userGet = async (request: Request) => (await siteRuntime().auth()).user(request);
export const registerPost = async (request: Request) =>
  (await siteRuntime().auth()).register(request);
export const verifyPost = async (request: Request) => (await siteRuntime().auth()).verify(request);
export const resendVerificationPost = async (request: Request) =>
  (await siteRuntime().auth()).resendVerification(request);
