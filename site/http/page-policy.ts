/** The Content-Security-Policy of an HTML page of this site, given its inline scripts' hashes. */
import { env } from '@/site/env';
import { contentSecurityPolicy } from './content-security-policy';

export function pagePolicy(scriptHashes: readonly string[]): string {
  return contentSecurityPolicy(env, scriptHashes);
}
