/**
 * Content-Security-Policy violations a page reports, across navigations: Chromium logs each one
 * to the console ("Refused to … because it violates the following Content Security Policy
 * directive"), and the page's `securitypolicyviolation` event names the directive and source.
 */
import type { Page } from '@playwright/test';

export function watchCspViolations(page: Page): () => string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (/Content Security Policy/i.test(error.message)) seen.push(error.message);
  });
  return () => [...seen];
}
