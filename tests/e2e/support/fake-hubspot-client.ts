/**
 * The browser tests' fake HubSpot (tests/fakes/fake-hubspot-server.ts, started by
 * playwright.config.ts): its portal, the form the client questionnaire's `question` key goes to,
 * and the test's side of its control endpoints.
 */
import { fakeHubSpotPort } from './port';

export const fakeHubSpot = { portalId: '4242', questionForm: 'guid-question' };

/** Where the server under test sends its new-lead notifications. */
export const e2eNotifyTo = 'leads-desk@firm.example';

const base = () => `http://127.0.0.1:${fakeHubSpotPort()}`;

/** Declares a HubSpot form with these fields (any value accepted). */
export async function declareForm(guid: string, fields: string[]): Promise<void> {
  const response = await fetch(`${base()}/__fake/forms/${encodeURIComponent(guid)}`, {
    method: 'PUT',
    body: JSON.stringify({ fields }),
  });
  if (response.status !== 204) throw new Error(`fake HubSpot: ${response.status}`);
}

/** What the fake accepted so far. */
export async function acceptedSubmissions(): Promise<
  { formGuid: string; body: { fields: { name: string; value: string }[] } }[]
> {
  return (await (await fetch(`${base()}/__fake/accepted`)).json()) as never;
}
