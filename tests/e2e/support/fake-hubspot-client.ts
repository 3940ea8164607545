/**
 * The browser tests' fake HubSpot (tests/fakes/fake-hubspot-server.ts, started by
 * playwright.config.ts): its portal, the form the client questionnaire's `question` key goes to,
 * the private app token the site and the fake share (the site then uses the secure submit
 * endpoint, and reads the forms' definitions), and the test's side of its control endpoints.
 */
import type { FakeForm } from '../../fakes/fake-hubspot';
import { fakeHubSpotPort } from './port';

export const fakeHubSpot = {
  portalId: '4242',
  questionForm: 'guid-question',
  accessToken: 'pat-e2e-fake-hubspot-token',
};

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

/** Sets a HubSpot form with its fields' types, options and flags. */
export async function putForm(guid: string, form: FakeForm): Promise<void> {
  const response = await fetch(`${base()}/__fake/forms/${encodeURIComponent(guid)}`, {
    method: 'PUT',
    body: JSON.stringify(form),
  });
  if (response.status !== 204) throw new Error(`fake HubSpot: ${response.status}`);
}

/** A form as the fake holds it now (changed through the Forms API, say). */
export async function formOf(guid: string): Promise<FakeForm> {
  const response = await fetch(`${base()}/__fake/forms/${encodeURIComponent(guid)}`);
  if (response.status !== 200) throw new Error(`fake HubSpot: ${response.status}`);
  return (await response.json()) as FakeForm;
}

/** What the fake accepted so far. */
export async function acceptedSubmissions(): Promise<
  { formGuid: string; body: { fields: { name: string; value: string }[] } }[]
> {
  return (await (await fetch(`${base()}/__fake/accepted`)).json()) as never;
}
