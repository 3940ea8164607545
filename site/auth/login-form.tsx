'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { authProblem, signIn } from './auth-client';
import { loginSchema } from './credentials-schema';
import styles from './auth-forms.module.css';
import { FormField } from './form-field';
import { useHydrated } from './use-hydrated';
import { authRoutes } from './user';

type Input = z.input<typeof loginSchema>;
type Output = z.output<typeof loginSchema>;

/** Sign-in form: verified users land on /, unverified ones on /account/verify. */
export function LoginForm() {
  const [problem, setProblem] = useState<string>();
  const alertRef = useRef<HTMLDivElement>(null);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const hydrated = useHydrated();
  // Move focus to the message so keyboard and screen-reader users meet it first.
  useEffect(() => {
    if (problem) alertRef.current?.focus();
  }, [problem]);

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setProblem(undefined);
    try {
      const user = await signIn(email, password, { quiet: true });
      // A full navigation: the next page is rendered on the server with the new cookie.
      window.location.assign(user.email_verified_at ? authRoutes.afterLogin : authRoutes.verify);
    } catch (error) {
      const found = authProblem(error);
      for (const [field, message] of Object.entries(found.fields)) {
        if (field === 'email' || field === 'password') form.setError(field, { message });
      }
      setProblem(found.message);
      form.resetField('password');
    }
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-labelledby="login-title">
      <h2 id="login-title">Sign in</h2>
      {problem ? (
        <div ref={alertRef} role="alert" tabIndex={-1} className={styles.alert}>
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
