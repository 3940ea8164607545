/**
 * The fake HubSpot as a process of its own, for the browser tests' server (playwright.config.ts
 * starts it beside the site): portal `FAKE_HUBSPOT_PORTAL`, no form at first (every delivery is
 * answered 404 and held) until a test declares one through `PUT /__fake/forms/<guid>`.
 * Run: `tsx tests/fakes/fake-hubspot-server.ts` with FAKE_HUBSPOT_PORT set (and FAKE_HUBSPOT_TOKEN,
 * the private app token the site is given, for the secure endpoint and the Forms API).
 */
import { FakeHubSpot } from './fake-hubspot';

const port = Number(process.env.FAKE_HUBSPOT_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('FAKE_HUBSPOT_PORT is required');
const fake = new FakeHubSpot({
  portalId: process.env.FAKE_HUBSPOT_PORTAL ?? '4242',
  forms: {},
  // With a token, the secure submit endpoint and the Forms API want it as the bearer.
  accessToken: process.env.FAKE_HUBSPOT_TOKEN || undefined,
  port,
  control: true,
});
await fake.up();
console.log(`fake HubSpot on ${fake.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void fake.close().then(() => process.exit(0)));
}
