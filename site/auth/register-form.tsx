'use client';

import { useState } from 'react';
import { register } from './auth-client';
import { PASSWORD_MIN, registerSchema } from './credentials-schema';
import styles from '@/site/pages/panel-pages.module.css';
import { FormField } from './form-field';
import { useCredentialsForm } from './use-credentials-form';

/**
 * Create-an-account form. The answer is the same whether or not the address already had
 * an account; what happens next is said in the e-mail.
 */
export function RegisterForm() {
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string }>();
  const {
    form,
    messageRef: outcomeRef,
    hydrated,
    showProblem,
  } = useCredentialsForm(registerSchema, outcome);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setOutcome(undefined);
    try {
      const message = await register(email, password, { quiet: true });
      form.reset();
      setOutcome({ ok: true, message });
    } catch (error) {
      setOutcome({ ok: false, message: showProblem(error) });
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
