// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Toaster, toast } from 'react-hot-toast';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createContentClient } from '@/site/http/content-client';
import { installMatchMedia, startLoopbackApi } from './loopback-api';

installMatchMedia();

describe('content-backend HTTP client against a loopback API', () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>>;
  beforeAll(async () => {
    api = await startLoopbackApi({
      '/data-list': {
        status: 400,
        body: { data: [{ message: 'From data' }], errors: { a: ['From errors'] } },
      },
      '/errors-object': {
        status: 422,
        body: { errors: { email: ['Email taken', 'Other'], name: ['Name'] } },
      },
      '/errors-string': { status: 422, body: { errors: { token: 'Token expired' } } },
      '/unauthorised': { status: 401, body: { errors: { auth: ['Session expired'] } } },
      '/nested-success': { status: 200, body: { data: { success: 'Subscribed' } } },
      '/ok': { status: 200, body: { data: [] } },
    });
  });
  afterAll(() => api.close());
  afterEach(() => {
    act(() => toast.remove());
    cleanup();
  });

  const client = () => createContentClient({ baseURL: api.url, token: 'read-token' });

  it('sends the bearer token and X-Requested-With', async () => {
    await client().get('/ok');
    const last = api.seen.at(-1);
    expect(last?.headers.authorization).toBe('Bearer read-token');
    expect(last?.headers['x-requested-with']).toBe('XMLHttpRequest');
  });

  it('toasts data[0].message before the errors object', async () => {
    render(<Toaster />);
    await expect(client().get('/data-list')).rejects.toThrow();
    expect(await screen.findByText('From data')).toBeTruthy();
    expect(screen.queryByText('From errors')).toBeNull();
  });

  it('toasts the first message of the first entry of the errors object', async () => {
    render(<Toaster />);
    await expect(client().post('/errors-object', {})).rejects.toThrow();
    expect(await screen.findByText('Email taken')).toBeTruthy();
    act(() => toast.remove());
    await expect(client().post('/errors-string', {})).rejects.toThrow();
    expect(await screen.findByText('Token expired')).toBeTruthy();
    act(() => toast.remove());
    await expect(client().get('/unauthorised')).rejects.toThrow();
    expect(await screen.findByText('Session expired')).toBeTruthy();
  });

  it('toasts a success found under data.success', async () => {
    render(<Toaster />);
    await client().post('/nested-success', {});
    expect(await screen.findByText('Subscribed')).toBeTruthy();
  });
});
