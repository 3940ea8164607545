/**
 * The Content-Security-Policy of an HTML page of this site, given its inline scripts' hashes: the
 * headers that carry it (enforced, or report-only with CSP_REPORT_ONLY), for the configuration the
 * process runs with. All but the hashes is worked out once, here, not for every page.
 */
import { env } from '@/site/env';
import { policyHeadersFor } from './content-security-policy';

export const pagePolicy: (scriptHashes: readonly string[]) => { key: string; value: string }[] =
  policyHeadersFor(env);
