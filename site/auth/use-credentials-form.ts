'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { loginSchema } from './credentials-schema';
import { authProblem } from './auth-client';
import { useHydrated } from './use-hydrated';

type Schema = typeof loginSchema;

/**
 * What the sign-in and create-account forms share: an e-mail + password form validated by
 * the given schema, a message element that takes focus when the message changes (so keyboard
 * and screen-reader users meet it first), and the server's field errors put on their fields.
 */
export function useCredentialsForm(schema: Schema, message: unknown) {
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', password: '' },
  });
  const messageRef = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  useEffect(() => {
    if (message) messageRef.current?.focus();
  }, [message]);

  /** Marks the fields the server named and returns the form-level message. */
  function showProblem(error: unknown): string {
    const found = authProblem(error);
    for (const [field, text] of Object.entries(found.fields)) {
      if (field === 'email' || field === 'password') form.setError(field, { message: text });
    }
    return found.message;
  }

  return { form, messageRef, hydrated, showProblem };
}
