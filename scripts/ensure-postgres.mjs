// The database tests run on a real PostgreSQL too: a private cluster in a temporary folder
// (tests/integration/support/postgres-cluster.ts). This installs Debian's server package when its
// binaries are missing; the system's own cluster is never used.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const root = '/usr/lib/postgresql';
const installed = () =>
  existsSync(root) && readdirSync(root).some((v) => existsSync(`${root}/${v}/bin/initdb`));

if (process.env.PG_TEST_URL || installed()) process.exit(0);
console.log("PostgreSQL is missing: installing Debian's postgresql package…");
const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
execSync(
  `${sudo}apt-get update && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql`,
  { stdio: 'inherit' },
);
if (!installed()) {
  console.error(`apt-get finished but no initdb is under ${root}.`);
  process.exit(1);
}
