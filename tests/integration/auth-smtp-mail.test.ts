import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '@/site/server/mail/smtp-mailer';
import { decodeQuotedPrintable, startSmtpSink } from './smtp-sink';

describe('SMTP mailer (nodemailer) against a loopback SMTP sink', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());

  it('delivers sender, recipient, subject and the full link text', async () => {
    const mailer = createSmtpMailer({ url: sink.url, from: 'accounts@firm.example' });
    const link = `https://firm.example/account/verify?token=${'a'.repeat(43)}`;
    await mailer.send({
      to: 'client@firm.example',
      subject: 'Confirm your e-mail address',
      text: `Open:\n\n${link}\n`,
    });
    expect(sink.messages).toHaveLength(1);
    const [message] = sink.messages;
    expect(message?.from).toBe('accounts@firm.example');
    expect(message?.to).toEqual(['client@firm.example']);
    expect(message?.data).toMatch(/^Subject: Confirm your e-mail address\r$/m);
    expect(decodeQuotedPrintable(message?.data ?? '')).toContain(link);
  });

  it('rejects when the server refuses, and when nothing listens', async () => {
    sink.state.failing = true;
    const mailer = createSmtpMailer({ url: sink.url, from: 'accounts@firm.example' });
    await expect(mailer.send({ to: 'a@firm.example', subject: 's', text: 't' })).rejects.toThrow(
      /451/,
    );
    sink.state.failing = false;

    const closed = await startSmtpSink();
    await closed.close();
    const nowhere = createSmtpMailer({
      url: closed.url,
      from: 'accounts@firm.example',
      timeoutMs: 2000,
    });
    await expect(nowhere.send({ to: 'a@firm.example', subject: 's', text: 't' })).rejects.toThrow(
      /ECONNREFUSED/,
    );
  });
});
