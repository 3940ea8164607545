/** One outgoing e-mail. Plain text only: account mail needs nothing richer. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Where outgoing mail goes. The embedded default writes files (`createFileMailer`);
 * `createSmtpMailer` delivers through an SMTP server. `send` resolves once the message
 * is stored or accepted by the server, and rejects when it is not.
 */
export interface Mailer {
  readonly kind: 'file' | 'smtp';
  send(message: MailMessage): Promise<void>;
}
