import { execFileSync } from 'node:child_process';

/**
 * A free loopback port for the server under test, chosen once by the runner process and
 * handed to its workers through the environment (the config is evaluated in each worker).
 */
export function e2ePort(): number {
  return portFor('E2E_PORT');
}

/** The fake HubSpot's port, chosen the same way (`FAKE_HUBSPOT_PORT`). */
export function fakeHubSpotPort(): number {
  return portFor('FAKE_HUBSPOT_PORT');
}

function portFor(variable: string): number {
  if (!process.env[variable]) {
    const script =
      "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
    process.env[variable] = execFileSync(process.execPath, ['-e', script], {
      encoding: 'utf8',
    }).trim();
  }
  return Number(process.env[variable]);
}
