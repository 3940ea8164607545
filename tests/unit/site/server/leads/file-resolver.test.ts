import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DeliveryWorker } from '@/site/server/leads/delivery-worker';
import { createFileResolver } from '@/site/server/leads/file-resolver';
import { FileStorage, fileLink } from '@/site/server/leads/file-storage';
import { createHubSpotSink } from '@/site/server/leads/hubspot-sink';
import { FakeHubSpot } from '@/tests/fakes/fake-hubspot';
import { lead, tempOutbox } from './outbox-fixtures';

const siteUrl = 'https://firm.example';
let fake: FakeHubSpot | undefined;
let worker: DeliveryWorker | undefined;

afterEach(async () => {
  await worker?.stop();
  await fake?.close();
});

async function deliverWithFile(accessToken: string | undefined) {
  fake = new FakeHubSpot({
    portalId: '1',
    accessToken,
    forms: { 'form-tell': { fields: ['email', 'file'] } },
  });
  await fake.up();
  const { store } = tempOutbox();
  const storage = new FileStorage(mkdtempSync(path.join(tmpdir(), 'uploads-')));
  const pdf = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');
  const stored = await storage.store('file', 'brief.pdf', pdf, {
    mime: 'application/pdf',
    ext: 'pdf',
  });
  const one = lead('files@example.com', ['tellUsMore'], { files: [stored] });
  one.submissions[0]!.body.fields.push({
    objectTypeId: '0-1',
    name: 'file',
    value: fileLink(siteUrl, stored.token),
  });
  await store.insertLead(one);
  const sink = createHubSpotSink({
    apiBase: fake.url,
    filesApiBase: fake.url,
    portalId: '1',
    accessToken,
    forms: { TELL_US_MORE: 'form-tell' },
    timeoutMs: 1000,
  });
  worker = new DeliveryWorker(store, sink, {
    retryBaseMs: 50,
    retryMaxMs: 200,
    pollMs: 50,
    concurrency: 2,
    leaseMs: 5000,
    sendLimit: { count: 100, windowMs: 10_000 },
    soleWorker: true,
    resolveFiles: createFileResolver(store, storage, siteUrl),
  });
  worker.start();
  const started = Date.now();
  while (fake.accepted.length === 0 && Date.now() - started < 5000) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    fake,
    stored,
    value: fake.accepted[0]?.body.fields.find((f) => f.name === 'file')?.value,
  };
}

describe('lead files in HubSpot submissions', () => {
  it('uploads the file to HubSpot Files when the token allows it and sends its URL', async () => {
    const { fake, value } = await deliverWithFile('pat-with-files-scope');
    expect(fake.uploads).toEqual([{ name: 'brief.pdf', bytes: expect.any(Number) as number }]);
    expect(value).toBe('https://files.fake-hubspot.test/1/brief.pdf');
  });

  it('keeps our unguessable download link without a token', async () => {
    const { fake, stored, value } = await deliverWithFile(undefined);
    expect(fake.uploads).toEqual([]);
    expect(value).toBe(`${siteUrl}/api/lead-files/${stored.token}`);
  });
});
