import 'axios';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * Set by a caller that shows the answer itself (a form with an inline error), so the
     * client does not toast it a second time.
     */
    quiet?: boolean;
  }
}
