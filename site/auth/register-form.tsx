'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { authProblem, register } from './auth-client';
import { PASSWORD_MIN, registerSchema } from './credentials-schema';
import styles from './auth-forms.module.css';
import { FormField } from './form-field';
import { useHydrated } from './use-hydrated';

type Input = z.input<typeof registerSchema>;
type Output = z.output<typeof registerSchema>;

/**
 * Create-an-account form. The answer is the same whether or not the address already had
 * an account; what happens next is said in the e-mail.
 */
export function RegisterForm() {
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string }>();
  const outcomeRef = useRef<HTMLDivElement>(null);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(registerSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const hydrated = useHydrated();
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setOutcome(undefined);
    try {
      const message = await register(email, password, { quiet: true });
      form.reset();
      setOutcome({ ok: true, message });
    } catch (error) {
      const found = authProblem(error);
      for (const [field, message] of Object.entries(found.fields)) {
        if (field === 'email' || field === 'password') form.setError(field, { message });
      }
      setOutcome({ ok: false, message: found.message });
    }
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-labelledby="register-title">
      <h2 id="register-title">Create an account</h2>
      {outcome ? (
        <div
          ref={outcomeRef}
          role={outcome.ok ? 'status' : 'alert'}
          tabIndex={-1}
          className={outcome.ok ? styles.notice : styles.alert}
        >
          {outcome.message}
        </div>
      ) : null}
      <FormField
        id="register-email"
        label="E-mail address"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <FormField
        id="register-password"
        label="Choose a password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN} characters.`}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <button className="button" type="submit" disabled={!hydrated || isSubmitting}>
        {isSubmitting ? 'Creating…' : 'Create account'}
      </button>
    </form>
  );
}
