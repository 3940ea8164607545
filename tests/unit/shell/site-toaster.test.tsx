// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toastError } from '@/site/http/http-toast';
import { SiteToaster } from '@/site/shell/toasts/site-toaster';
import { installMatchMedia } from '../http/loopback-api';

beforeAll(installMatchMedia);

afterEach(() => {
  act(() => toast.remove());
  cleanup();
});

describe('the shell toaster', () => {
  it('puts nothing on the page until a toast is raised, then shows it', async () => {
    const { container } = render(<SiteToaster />);
    expect(container.innerHTML).toBe('');

    act(() => toastError('The service is unavailable; please try again.'));
    const message = await screen.findByText('The service is unavailable; please try again.');
    expect(message.closest('[role="status"]')).not.toBeNull();
  });
});
