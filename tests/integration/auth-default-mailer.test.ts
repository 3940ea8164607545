import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSmtpSink } from './smtp-sink';

/** Runs the site's default mailer in a fresh process with the given environment. */
function sendWith(env: Record<string, string>) {
  const script = [
    "const { siteRuntime } = await import('./site/server/runtime/site-runtime.ts');",
    'const mailer = siteRuntime().mailer;',
    "await mailer.send({ to: 'new@firm.example', subject: 'Confirm', text: 'Open https://firm.example/account/verify?token=abc' });",
    'console.log(`kind=${mailer.kind}`);',
  ].join('\n');
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    {
      cwd: process.cwd(),
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env },
      encoding: 'utf8',
      timeout: 30_000,
    },
  );
  expect(result.stderr).toBe('');
  return result.stdout;
}

describe('the default mailer chosen from the environment', () => {
  it('writes files to MAIL_DIR and prints the link in development', () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'mail-')), 'out');
    const out = sendWith({ NODE_ENV: 'development', MAIL_DIR: dir });
    expect(out).toContain('kind=file');
    expect(out).toContain('[mail] link: https://firm.example/account/verify?token=abc');
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it('prints nothing in production', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mail-'));
    const out = sendWith({ NODE_ENV: 'production', MAIL_DIR: dir });
    expect(out.trim()).toBe('kind=file');
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it('sends through SMTP when SMTP_URL is set, and writes no file', async () => {
    const sink = await startSmtpSink();
    const dir = mkdtempSync(path.join(tmpdir(), 'mail-'));
    try {
      // spawnSync would block this process and with it the sink: spawn asynchronously.
      const script = [
        "const { siteRuntime } = await import('./site/server/runtime/site-runtime.ts');",
        "await siteRuntime().mailer.send({ to: 'new@firm.example', subject: 'Confirm', text: 'x' });",
        'console.log(`kind=${siteRuntime().mailer.kind}`);',
      ].join('\n');
      const child: ChildProcessWithoutNullStreams = spawn(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script],
        {
          env: {
            PATH: process.env.PATH ?? '',
            SMTP_URL: sink.url,
            MAIL_DIR: dir,
            MAIL_FROM: 'accounts@firm.example',
            NODE_ENV: 'test',
          },
        },
      );
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(0);
      expect(out).toContain('kind=smtp');
      expect(sink.messages.map((message) => [message.from, message.to])).toEqual([
        ['accounts@firm.example', ['new@firm.example']],
      ]);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      await sink.close();
    }
  });
});
