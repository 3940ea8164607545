import axios, { isAxiosError, type AxiosInstance } from 'axios';
import './axios-quiet';
import { contentErrorMessage, successMessage } from './error-messages';
import { toastError, toastSuccess } from './http-toast';

export interface ContentClientOptions {
  /** Origin of the content backend, e.g. `https://cms.example.com`. */
  baseURL: string;
  /** Bearer token. A secret: create this client on the server only when one is set. */
  token?: string;
  timeoutMs?: number;
}

/**
 * The content-backend client (site-spec §7-8): base URL and bearer token from
 * configuration, `X-Requested-With: XMLHttpRequest`; toasts `data[0].message`, else the
 * first message of the `errors` object; reads success from `success` or `data.success`.
 */
export function createContentClient(options: ContentClientOptions): AxiosInstance {
  const client = axios.create({
    baseURL: options.baseURL,
    timeout: options.timeoutMs ?? 0,
    headers: {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
    },
  });
  client.interceptors.response.use(
    (response) => {
      const message = response.config.quiet ? undefined : successMessage(response.data, true);
      if (message) toastSuccess(message);
      return response;
    },
    (error: unknown) => {
      if (isAxiosError(error) && !error.config?.quiet) {
        const message = contentErrorMessage(error.response?.data);
        if (message) toastError(message);
      }
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return client;
}
