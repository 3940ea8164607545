import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

export interface SmtpMailerOptions {
  /** nodemailer connection URL, e.g. `smtp://user:pass@mail.example.com:587`. */
  url: string;
  from: string;
  /** Milliseconds to wait for the connection, greeting and each reply. */
  timeoutMs?: number;
}

/** Delivers through an SMTP server; `send` rejects when the server does not accept. */
export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  const timeout = options.timeoutMs ?? 10_000;
  const url = new URL(options.url);
  const auth =
    url.username === ''
      ? undefined
      : { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) };
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: url.port === '' ? undefined : Number(url.port),
    secure: url.protocol === 'smtps:',
    auth,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
    },
  };
}
