import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileMailer } from '@/site/server/mail/file-mailer';

describe('file mailer (the embedded default)', () => {
  it('writes each message as an .eml file, creating the folder', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'mail-')), 'nested', 'mail');
    const seen: string[] = [];
    const mailer = createFileMailer({
      dir,
      from: 'no-reply@firm.example',
      onSent: (_m, file) => seen.push(file),
    });
    await mailer.send({ to: 'a@firm.example', subject: 'First', text: 'line one\nline two' });
    await mailer.send({ to: 'b@firm.example', subject: 'Zweite Nachricht für Sie', text: 'x' });

    const files = readdirSync(dir).sort();
    expect(files).toHaveLength(2);
    expect(files.every((name) => name.endsWith('.eml'))).toBe(true);
    expect(seen.map((file) => path.basename(file)).sort()).toEqual(files);
    const first = readFileSync(path.join(dir, files[0] ?? ''), 'utf8');
    expect(first).toMatch(
      /^From: no-reply@firm\.example\r\nTo: a@firm\.example\r\nSubject: First\r\n/,
    );
    expect(first).toContain('\r\n\r\nline one\r\nline two\r\n');
    const second = readFileSync(path.join(dir, files[1] ?? ''), 'utf8');
    expect(second).toContain(
      `Subject: =?UTF-8?B?${Buffer.from('Zweite Nachricht für Sie').toString('base64')}?=`,
    );
  });

  it('keeps header values on one line so input cannot add headers', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mail-'));
    await createFileMailer({ dir, from: 'no-reply@firm.example' }).send({
      to: 'a@firm.example\r\nBcc: victim@else.example',
      subject: 's',
      text: 't',
    });
    const [file] = readdirSync(dir);
    const text = readFileSync(path.join(dir, file ?? ''), 'utf8');
    expect(text).not.toMatch(/^Bcc:/m);
    expect(text).toMatch(/^To: a@firm\.example Bcc: victim@else\.example\r$/m);
  });
});
