import { isAxiosError } from 'axios';
import { generalClient } from '@/site/http/general-client';
import type { AuthUser } from './user';

/** What went wrong with an account call, ready to show next to the form. */
export interface AuthProblem {
  message: string;
  fields: Record<string, string>;
}

const fallback = 'Something went wrong. Please check your connection and try again.';

/** Reads `{errors: [{field?, message}]}` whatever the status (401 included). */
export function authProblem(error: unknown): AuthProblem {
  const data: unknown = isAxiosError(error) ? error.response?.data : undefined;
  const list =
    typeof data === 'object' && data !== null && 'errors' in data && Array.isArray(data.errors)
      ? (data.errors as { field?: unknown; message?: unknown }[])
      : [];
  const fields: Record<string, string> = {};
  let message: string | undefined;
  for (const item of list) {
    if (typeof item.message !== 'string') continue;
    if (typeof item.field === 'string') fields[item.field] ??= item.message;
    else message ??= item.message;
  }
  return { message: message ?? Object.values(fields)[0] ?? fallback, fields };
}

type Quiet = { quiet?: boolean };

export async function signIn(email: string, password: string, options: Quiet = {}) {
  // The session token travels only in the HttpOnly cookie the answer sets: the body has the user.
  const response = await generalClient.post<{ data: { user: AuthUser } }>(
    '/auth/login',
    { email, password },
    options,
  );
  return response.data.data.user;
}

export async function register(email: string, password: string, options: Quiet = {}) {
  const response = await generalClient.post<{ success: string }>(
    '/auth/register',
    { email, password },
    options,
  );
  return response.data.success;
}

export async function signOut(): Promise<void> {
  await generalClient.post('/auth/logout', {});
}

export async function fetchUser(options: Quiet = {}): Promise<AuthUser> {
  const response = await generalClient.get<{ data: { user: AuthUser } }>('/auth/user', options);
  return response.data.data.user;
}

export async function verifyEmail(token: string, options: Quiet = {}): Promise<AuthUser> {
  const response = await generalClient.post<{ data: { user: AuthUser } }>(
    '/auth/verify',
    { token },
    options,
  );
  return response.data.data.user;
}

export async function resendVerification(email: string, options: Quiet = {}) {
  const response = await generalClient.post<{ success: string }>(
    '/auth/resend-verification',
    { email },
    options,
  );
  return response.data.success;
}
