// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { LoginForm } from '@/site/auth/login-form';
import { RegisterForm } from '@/site/auth/register-form';

afterEach(cleanup);

describe('account forms in the browser', () => {
  it('shows each field error next to its labelled field and focuses the first', async () => {
    const user = userEvent.setup();
    render(<RegisterForm />);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const email = screen.getByLabelText('E-mail address');
    expect(
      await screen.findByText('Enter a valid e-mail address, like name@example.com.'),
    ).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe('register-email-error');
    expect(document.activeElement).toBe(email);

    await user.type(email, 'founder@startup.example');
    await user.type(screen.getByLabelText('Choose a password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const password = screen.getByLabelText('Choose a password');
    expect(await screen.findByText('Use at least 10 characters.')).toBeTruthy();
    expect(password.getAttribute('aria-describedby')).toBe(
      'register-password-hint register-password-error',
    );
    expect(document.activeElement).toBe(password);
  });

  it('asks for the password on the sign-in form without hinting at rules', async () => {
    const user = userEvent.setup();
    render(<LoginForm />);
    await user.type(screen.getByLabelText('E-mail address'), 'founder@startup.example');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your password.')).toBeTruthy();
  });
});
