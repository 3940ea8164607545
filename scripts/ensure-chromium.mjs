// Browser tests drive Debian's Chromium. Playwright's own browser download cannot work
// here (no internet), so this installs the distribution package when it is missing.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const executable = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

if (existsSync(executable)) process.exit(0);
if (process.env.CHROMIUM_PATH) {
  console.error(`CHROMIUM_PATH points to ${executable}, which does not exist.`);
  process.exit(1);
}
console.log("Chromium is missing: installing Debian's chromium package…");
const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
execSync(
  `${sudo}apt-get update && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium fonts-liberation`,
  {
    stdio: 'inherit',
  },
);
if (!existsSync(executable)) {
  console.error(`apt-get finished but ${executable} is still missing.`);
  process.exit(1);
}
