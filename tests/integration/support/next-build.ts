/**
 * `next build` as a child process with exactly the environment given, its output kept for the
 * test that asked (and shown, last part first, when the build fails). Free of vitest.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

export function nextBuild(root: string, env: NodeJS.ProcessEnv): Promise<string> {
  const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [nextBin, 'build'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`next build failed (${code}):\n${output.slice(-6000)}`)),
    );
  });
}
