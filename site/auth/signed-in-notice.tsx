'use client';

import Link from 'next/link';
import styles from '@/site/pages/panel-pages.module.css';
import { SignOutButton } from './sign-out-button';
import { useAuthUser } from './use-auth-user';
import { authRoutes } from './user';

/** On /login: tells a visitor who is already signed in, and offers the way out. */
export function SignedInNotice() {
  const auth = useAuthUser();
  if (auth.status !== 'signed-in') return null;
  return (
    <div className={styles.notice} role="status">
      <p>
        You are signed in as <strong>{auth.user.email}</strong>.
      </p>
      <p className={styles.actions}>
        <Link href={authRoutes.account}>Your account</Link>
        <SignOutButton />
      </p>
    </div>
  );
}
