import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { e2eMailDir } from './run-dir';

/** The newest message the server wrote to MAIL_DIR for this recipient (waits for it). */
export async function waitForMail(to: string, newerThan = 0): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const names = (await readdir(e2eMailDir()).catch(() => [] as string[]))
          .filter((name) => name.endsWith('.eml'))
          .sort();
        const mails = await Promise.all(
          names.map((name) => readFile(path.join(e2eMailDir(), name), 'utf8')),
        );
        const mine = mails.filter((mail) => mail.includes(`\r\nTo: ${to}\r\n`));
        found = mine.length > newerThan ? mine.at(-1) : undefined;
        return found !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found ?? '';
}

/** Path and query of the verification link in a mail, to open on the server under test. */
export function verificationPath(mail: string): string {
  const link = /https?:\/\/\S+\/account\/verify\?token=[\w-]+/.exec(mail)?.[0];
  if (!link) throw new Error(`no verification link in:\n${mail}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
