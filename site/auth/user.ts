/** The user record the account API answers with (`GET /auth/user`, login). */
export interface AuthUser {
  id: number;
  email: string;
  /** ISO 8601 time the address was confirmed, or null while it is not. */
  email_verified_at: string | null;
  created_at: string;
}

/** Where each page of the account journey lives (site-spec §2). */
export const authRoutes = {
  login: '/login',
  afterLogin: '/',
  verify: '/account/verify',
  account: '/account',
} as const;
