// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Toaster, toast } from 'react-hot-toast';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createGeneralClient } from '@/site/http/general-client';
import { installMatchMedia, startLoopbackApi } from './loopback-api';

installMatchMedia();

describe('general HTTP client against a loopback API', () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>>;
  beforeAll(async () => {
    api = await startLoopbackApi({
      '/errors-list': {
        status: 422,
        body: { errors: [{ field: 'email', message: 'First problem' }, { message: 'Second' }] },
      },
      '/error-text': { status: 500, body: { error: 'Server exploded politely' } },
      '/message': { status: 404, body: { message: 'Nothing here' } },
      '/unauthorised': {
        status: 401,
        body: { errors: [{ message: 'Not signed in' }], message: 'x' },
      },
      '/silent-body': { status: 500 },
      '/saved': { status: 200, body: { success: 'Saved!' } },
      '/plain': { status: 200, body: { data: { id: 1 } } },
    });
  });
  afterAll(() => api.close());
  afterEach(() => {
    act(() => toast.remove());
    cleanup();
  });

  const client = () => createGeneralClient({ baseURL: api.url });

  async function failing(path: string) {
    render(<Toaster />);
    await expect(client().post(path, { a: 1 })).rejects.toThrow();
  }

  it('toasts the first message of an errors list', async () => {
    await failing('/errors-list');
    expect(await screen.findByText('First problem')).toBeTruthy();
    expect(screen.queryByText('Second')).toBeNull();
  });

  it('toasts an error text, then a message', async () => {
    await failing('/error-text');
    expect(await screen.findByText('Server exploded politely')).toBeTruthy();
    act(() => toast.remove());
    await expect(client().get('/message')).rejects.toThrow();
    expect(await screen.findByText('Nothing here')).toBeTruthy();
  });

  it('never toasts on 401, nor for a body without a message', async () => {
    await failing('/unauthorised');
    await failing('/silent-body');
    // Give the toaster the time it takes to show the others.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('toasts a success text, sends JSON and stays quiet when asked', async () => {
    render(<Toaster />);
    const response = await client().post('/saved', { name: 'x' });
    expect(response.data).toEqual({ success: 'Saved!' });
    expect(await screen.findByText('Saved!')).toBeTruthy();
    const last = api.seen.at(-1);
    expect(last?.headers['content-type']).toMatch(/^application\/json/);

    act(() => toast.remove());
    await expect(client().post('/errors-list', {}, { quiet: true })).rejects.toThrow();
    await client().get('/plain');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
