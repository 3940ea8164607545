'use client';

import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { authProblem, resendVerification, verifyEmail } from './auth-client';
import styles from '@/site/pages/panel-pages.module.css';
import { FormField } from './form-field';
import { useHydrated } from './use-hydrated';
import { authRoutes, type AuthUser } from './user';

type Step =
  | { name: 'explain' }
  | { name: 'verifying' }
  | { name: 'verified' }
  | { name: 'failed'; message: string };

interface VerifyEmailProps {
  /** The token from the e-mail link, when the visitor followed one. */
  token?: string;
  /** The signed-in user as the server saw it (null: not signed in). */
  user: AuthUser | null;
}

/**
 * /account/verify: completes verification from the link (once), or explains what to do
 * and offers to send a new link.
 */
export function VerifyEmail({ token, user }: VerifyEmailProps) {
  const [step, setStep] = useState<Step>(token ? { name: 'verifying' } : { name: 'explain' });
  const started = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // The token works once: never post it twice (development mounts effects twice).
    if (!token || started.current) return;
    started.current = true;
    // Keep the secret out of the history and of any later Referer.
    window.history.replaceState(null, '', authRoutes.verify);
    verifyEmail(token, { quiet: true }).then(
      () => setStep({ name: 'verified' }),
      (error: unknown) => setStep({ name: 'failed', message: authProblem(error).message }),
    );
  }, [token]);

  useEffect(() => {
    if (step.name !== 'verifying') headingRef.current?.focus();
  }, [step.name]);

  if (step.name === 'verifying') {
    return (
      <h1 role="status" tabIndex={-1}>
        Confirming your e-mail address…
      </h1>
    );
  }
  // A used or stale link means nothing to someone whose address is already confirmed.
  const alreadyConfirmed = Boolean(user?.email_verified_at);
  if (step.name === 'verified' || alreadyConfirmed) {
    // Following the link signs every session of the account out (one opened before may be a
    // stranger's who registered the address first): the visitor signs in afresh.
    const justConfirmed = step.name === 'verified';
    return (
      <>
        <h1 ref={headingRef} tabIndex={-1}>
          Your e-mail address is confirmed
        </h1>
        <p>
          {justConfirmed
            ? 'Thank you. Your account is ready: sign in with the password you chose when you registered.'
            : 'Thank you. Your account is ready.'}
        </p>
        <p className={styles.actions}>
          {user && !justConfirmed ? (
            <Link className="button" href={authRoutes.afterLogin}>
              Continue
            </Link>
          ) : (
            <Link className="button" href={authRoutes.login}>
              Sign in
            </Link>
          )}
        </p>
      </>
    );
  }
  return (
    <>
      <h1 ref={headingRef} tabIndex={-1}>
        Confirm your e-mail address
      </h1>
      {step.name === 'failed' ? (
        <div role="alert" className={styles.alert}>
          {step.message}
        </div>
      ) : (
        <p>
          {user ? (
            <>
              We sent a link to <strong>{user.email}</strong>.{' '}
            </>
          ) : (
            'We sent a link to the address you registered with. '
          )}
          Open it to confirm the address; pages that need an account open once it is confirmed.
        </p>
      )}
      <ResendForm defaultEmail={user?.email ?? ''} />
    </>
  );
}

function ResendForm({ defaultEmail }: { defaultEmail: string }) {
  const [email, setEmail] = useState(defaultEmail);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string; field?: string }>();
  return (
    <form
      method="post"
      className={styles.panel}
      noValidate
      aria-labelledby="resend-title"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        try {
          setOutcome({ ok: true, message: await resendVerification(email, { quiet: true }) });
        } catch (error) {
          const found = authProblem(error);
          setOutcome({ ok: false, message: found.message, field: found.fields.email });
        } finally {
          setBusy(false);
        }
      }}
    >
      <h2 id="resend-title">Need a new link?</h2>
      {outcome?.ok ? (
        <div role="status" className={styles.notice}>
          {outcome.message}
        </div>
      ) : null}
      {outcome && !outcome.ok && !outcome.field ? (
        <div role="alert" className={styles.alert}>
          {outcome.message}
        </div>
      ) : null}
      <FormField
        id="resend-email"
        label="E-mail address"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={outcome?.field}
      />
      <button className="button" type="submit" disabled={!hydrated || busy}>
        {busy ? 'Sending…' : 'Send a new link'}
      </button>
    </form>
  );
}
