import { env } from '@/site/env';
import { createFileMailer } from './file-mailer';
import type { Mailer } from './mailer';
import { createSmtpMailer } from './smtp-mailer';

/**
 * The site's mailer as the environment configures it: SMTP when `SMTP_URL` is set, otherwise
 * files in `MAIL_DIR`. The runtime (site/server/runtime/site-runtime.ts) makes the one the
 * process uses.
 */
export function createSiteMailer(): Mailer {
  return env.SMTP_URL
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
}
