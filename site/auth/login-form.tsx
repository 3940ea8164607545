'use client';

import { useState } from 'react';
import { signIn } from './auth-client';
import { loginSchema } from './credentials-schema';
import styles from '@/site/pages/panel-pages.module.css';
import { FormField } from './form-field';
import { pathAfterSignIn } from './next-path';
import { useCredentialsForm } from './use-credentials-form';

interface LoginFormProps {
  /** How the browser moves on once signed in (tests observe it): a full navigation by default. */
  navigate?: (path: string) => void;
}

/**
 * Sign-in form: verified users land on the page `?next=` names when it is one of the site's
 * (else on /), unverified ones on /account/verify.
 */
export function LoginForm({ navigate = (path) => window.location.assign(path) }: LoginFormProps) {
  const [problem, setProblem] = useState<string>();
  const { form, messageRef, hydrated, showProblem } = useCredentialsForm(loginSchema, problem);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setProblem(undefined);
    try {
      const user = await signIn(email, password, { quiet: true });
      // A full navigation: the next page is rendered on the server with the new cookie. `?next=`
      // is read here rather than as a prop, so /login stays one static page.
      navigate(pathAfterSignIn(user, window.location.search));
    } catch (error) {
      setProblem(showProblem(error));
      form.resetField('password');
    }
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-labelledby="login-title">
      <h2 id="login-title">Sign in</h2>
      {problem ? (
        <div ref={messageRef} role="alert" tabIndex={-1} className={styles.alert}>
          {problem}
        </div>
      ) : null}
      <FormField
        id="login-email"
        label="E-mail address"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <FormField
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <button className="button" type="submit" disabled={!hydrated || isSubmitting}>
        {isSubmitting ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
