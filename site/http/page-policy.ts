/**
 * The Content-Security-Policy of an HTML page of this site, given its inline scripts' hashes: the
 * headers that carry it (enforced, or report-only with CSP_REPORT_ONLY), read at run time.
 */
import { env } from '@/site/env';
import { policyHeaders } from './content-security-policy';

export function pagePolicy(scriptHashes: readonly string[]): { key: string; value: string }[] {
  return policyHeaders(env, scriptHashes);
}
