import axios, { isAxiosError, type AxiosInstance, type CreateAxiosDefaults } from 'axios';
import './axios-quiet';
import { generalErrorMessage, successMessage } from './error-messages';
import { toastError, toastSuccess } from './http-toast';

/**
 * The general API client (site-spec §7-8): JSON in and out; toasts the `success` text of
 * an answer and the error text of a failure (never on 401). Requests go to the site's
 * own origin by default, so the HttpOnly session cookie travels with them; the token
 * itself is never read or stored by script.
 */
export function createGeneralClient(defaults: CreateAxiosDefaults = {}): AxiosInstance {
  const client = axios.create({
    headers: { Accept: 'application/json' },
    withCredentials: true,
    ...defaults,
  });
  client.interceptors.response.use(
    (response) => {
      const message = response.config.quiet ? undefined : successMessage(response.data);
      if (message) toastSuccess(message);
      return response;
    },
    (error: unknown) => {
      if (isAxiosError(error) && !error.config?.quiet) {
        const message = generalErrorMessage(error.response?.status, error.response?.data);
        if (message) toastError(message);
      }
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return client;
}

/** The site's shared general client. */
export const generalClient = createGeneralClient();
