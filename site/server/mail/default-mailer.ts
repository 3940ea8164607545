import { env } from '@/site/env';
import { createFileMailer } from './file-mailer';
import type { Mailer } from './mailer';
import { createSmtpMailer } from './smtp-mailer';

let mailer: Mailer | undefined;

/** The site's mailer: SMTP when `SMTP_URL` is set, otherwise files in `MAIL_DIR`. */
export function getMailer(): Mailer {
  mailer ??= env.SMTP_URL
    ? createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM })
    : createFileMailer({
        dir: env.MAIL_DIR,
        from: env.MAIL_FROM,
        // Without a mail server, a developer still needs the link to finish signing up.
        onSent:
          env.NODE_ENV === 'development'
            ? (message, file) => {
                const link = /https?:\/\/\S+/.exec(message.text)?.[0];
                console.info(
                  `[mail] "${message.subject}" to ${message.to} written to ${file}` +
                    (link ? `\n[mail] link: ${link}` : ''),
                );
              }
            : undefined,
      });
  return mailer;
}
