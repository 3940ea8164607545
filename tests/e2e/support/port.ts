import { execFileSync } from 'node:child_process';

/**
 * A free loopback port for the server under test, chosen once by the runner process and
 * handed to its workers through the environment (the config is evaluated in each worker).
 */
export function e2ePort(): number {
  if (!process.env.E2E_PORT) {
    const script =
      "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
    process.env.E2E_PORT = execFileSync(process.execPath, ['-e', script], {
      encoding: 'utf8',
    }).trim();
  }
  return Number(process.env.E2E_PORT);
}
