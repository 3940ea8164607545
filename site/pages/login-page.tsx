import type { Metadata } from 'next';
import styles from '@/site/pages/panel-pages.module.css';
import { LoginForm } from '@/site/auth/login-form';
import { RegisterForm } from '@/site/auth/register-form';
import { SignedInNotice } from '@/site/auth/signed-in-notice';

export const metadata: Metadata = {
  title: 'Sign in',
  robots: { index: false, follow: false },
};

/** /login: where sign-in, sign-out and the auth callback land (site-spec §2). */
export default function LoginPage() {
  return (
    <main id="main" className={styles.page}>
      <h1>Your account</h1>
      <SignedInNotice />
      <section className={styles.panel}>
        <LoginForm />
      </section>
      <section className={styles.panel}>
        <RegisterForm />
      </section>
    </main>
  );
}
