import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Mailer, MailMessage } from './mailer';

export interface FileMailerOptions {
  /** Folder that receives one `.eml` file per message (created when missing). */
  dir: string;
  from: string;
  /** Called with each message after it is written (development prints links with it). */
  onSent?: (message: MailMessage, file: string) => void;
}

/** Header values must stay on one line: a CR or LF would let input forge headers. */
function headerValue(value: string): string {
  const line = value.replace(/[\r\n]+/g, ' ');
  // RFC 2047 encoded-word for anything beyond printable ASCII.
  return /^[\x20-\x7e]*$/.test(line)
    ? line
    : `=?UTF-8?B?${Buffer.from(line, 'utf8').toString('base64')}?=`;
}

/** Renders a message as an RFC 5322 file a mail client can open. */
export function renderEml(message: MailMessage, from: string, date: Date): string {
  return [
    `From: ${headerValue(from)}`,
    `To: ${headerValue(message.to)}`,
    `Subject: ${headerValue(message.subject)}`,
    `Date: ${date.toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    message.text.replace(/\r?\n/g, '\r\n'),
    '',
  ].join('\r\n');
}

/**
 * The embedded mailer: each message becomes `<time>-<random>.eml` in `dir`. The file is
 * written under a temporary name and renamed, so a reader never sees half a message.
 */
export function createFileMailer(options: FileMailerOptions): Mailer {
  return {
    kind: 'file',
    async send(message) {
      await mkdir(options.dir, { recursive: true });
      const now = new Date();
      const name = `${now.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(options.dir, name);
      await writeFile(`${file}.tmp`, renderEml(message, options.from, now), 'utf8');
      await rename(`${file}.tmp`, file);
      options.onSent?.(message, file);
    },
  };
}
