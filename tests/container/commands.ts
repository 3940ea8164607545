/** Child processes for the container test: shown as they run, or captured for a check to read. */
import { spawn } from 'node:child_process';

export interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Output shown as it comes (long steps: installs, image builds) instead of captured. */
  show?: boolean;
}

export function run(command: string, args: string[], options: RunOptions = {}): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: options.show ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), stdout, stderr }),
    );
  });
}

/** Runs the command and returns its standard output, or throws with what it printed. */
export async function runOrThrow(
  command: string,
  args: string[],
  options: RunOptions = {},
): Promise<string> {
  const result = await run(command, args, options);
  if (result.code !== 0) {
    const output = `${result.stdout}${result.stderr}`.trim().slice(-4000);
    throw new Error(
      `${command} ${args.join(' ')} exited with ${result.code}${output ? `:\n${output}` : ''}`,
    );
  }
  return result.stdout;
}

/** Whether a command is on PATH. */
export async function installed(command: string): Promise<boolean> {
  return (await run('sh', ['-c', `command -v ${command}`])).code === 0;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it returns a value other than undefined, or throws after `timeoutMs`. */
export async function until<T>(
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
  what: string,
  intervalMs = 500,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s: ${what}`);
    await sleep(intervalMs);
  }
}
