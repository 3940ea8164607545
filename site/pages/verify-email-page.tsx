import type { Metadata } from 'next';
import styles from '@/site/pages/panel-pages.module.css';
import { VerifyEmail } from '@/site/auth/verify-email';
import { currentUser } from '@/site/server/auth/email-verified-guard';

export const metadata: Metadata = {
  title: 'Confirm your e-mail address',
  robots: { index: false, follow: false },
  // The link carries a secret token: never pass this URL on in a Referer.
  referrer: 'no-referrer',
};

interface VerifyEmailPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** /account/verify: explains, offers a new link, and completes verification from one. */
export default async function VerifyEmailPage({ searchParams }: VerifyEmailPageProps) {
  const { token } = await searchParams;
  const user = (await currentUser()) ?? null;
  return (
    <main id="main" className={styles.page}>
      <VerifyEmail token={typeof token === 'string' ? token : undefined} user={user} />
    </main>
  );
}
