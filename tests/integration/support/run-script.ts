/**
 * Runs one of the project's scripts (`scripts/*.ts`, through tsx) as an operator would, in a
 * child process with only the environment it is given (no DATABASE_URL or other setting of the
 * test's own process leaks in), and resolves with its exit code and output.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));

export interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<ScriptRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, 'node_modules/tsx/dist/cli.mjs'), script, ...args],
      {
        cwd: root,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          NODE_ENV: 'production',
          ...env,
        },
      },
      (error, stdout, stderr) => {
        const code = error ? Number((error as { code?: unknown }).code ?? 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
