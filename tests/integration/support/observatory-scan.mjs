// Runs the MDN HTTP Observatory's scan (the package's own `scan` function, as its CLI does) on
// one host (`localhost:{port}`) and prints the result as JSON: `{ scan, tests }`. Run in a child
// process so that NODE_EXTRA_CA_CERTS, which Node reads only at start, can make it trust a test
// certificate: the Observatory fails the redirection and HSTS tests over an unverified one.
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const host = process.argv[2];
if (!host) throw new Error('usage: observatory-scan.mjs <host[:port]>');

// The package's install script downloads the browsers' HSTS preload list into its conf folder;
// the project does not run it (package.json's allowScripts: no network at install). A local host
// is on no preload list, so an empty list gives the scanner the answer the real one would.
const entry = fileURLToPath(import.meta.resolve('@mdn/mdn-http-observatory'));
const preloadList = path.join(path.dirname(entry), '..', 'conf', 'hsts-preload.json');
if (!existsSync(preloadList)) writeFileSync(preloadList, '{}');

const { scan } = await import('@mdn/mdn-http-observatory');
const result = await scan(host);
const tests = Object.fromEntries(
  Object.entries(result.tests).map(([name, test]) => [
    name,
    {
      pass: test.pass,
      result: test.result,
      scoreModifier: test.scoreModifier,
      scoreDescription: test.scoreDescription,
    },
  ]),
);
console.log(JSON.stringify({ scan: result.scan, tests }));
