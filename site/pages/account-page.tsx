import type { Metadata } from 'next';
import styles from '@/site/pages/panel-pages.module.css';
import { SignOutButton } from '@/site/auth/sign-out-button';
import { emailVerified } from '@/site/server/auth/email-verified-guard';

export const metadata: Metadata = {
  title: 'Your account',
  robots: { index: false, follow: false },
};

/** /account: needs a signed-in user with a confirmed address (the email-verified guard). */
export default async function AccountPage() {
  const user = await emailVerified();
  return (
    <main id="main" className={styles.page}>
      <h1>Your account</h1>
      <dl>
        <dt>E-mail address</dt>
        <dd>{user.email}</dd>
        <dt>Member since</dt>
        <dd>{new Date(user.created_at).toLocaleDateString('en-US', { timeZone: 'UTC' })}</dd>
      </dl>
      <p className={styles.actions}>
        <SignOutButton />
      </p>
    </main>
  );
}
