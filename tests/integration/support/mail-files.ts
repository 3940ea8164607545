/**
 * The mails the file mailer (site/server/mail/file-mailer.ts) wrote to a folder, as tests read
 * them. No vitest or site imports, so the browser tests' support can use it too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The mails in `dir` (those to `to` only, when given), oldest first; none when there is no `dir`. */
export function mailsIn(dir: string, to?: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => readFileSync(path.join(dir, name), 'utf8'))
    .filter((mail) => to === undefined || mail.includes(`\r\nTo: ${to}\r\n`));
}

/** The verification token in a mail's link. */
export function linkToken(mail: string | undefined): string {
  const match = /\/account\/verify\?token=([\w-]+)/.exec(mail ?? '');
  if (!match?.[1]) throw new Error(`no verification link in:\n${mail}`);
  return match[1];
}
