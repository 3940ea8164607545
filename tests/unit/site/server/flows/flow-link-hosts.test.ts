/**
 * The deployment's hosts for flow endings (flow-link-hosts.ts) and what the catalogue does with
 * them, on both databases: with no list, an ending to another site is published with its
 * warning; with FLOW_LINK_HOSTS set, a host outside it is refused at publish, a listed one is
 * published, and a version stored before the list was set keeps being served.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkHosts } from '@/engine';
import { parseEnv } from '@/site/env';
import type { SiteDatabase } from '@/site/server/db/database';
import { FlowCatalogue } from '@/site/server/flows/flow-catalogue';
import { flowLinkHosts } from '@/site/server/flows/flow-link-hosts';
import { loadFlowRegistry } from '@/site/server/flows/flow-registry';
import {
  dialects,
  testDatabase,
  type TestDatabase,
} from '@/tests/integration/support/test-databases';
import { FLOWS_DIR, VARS } from '@/tests/unit/engine/load-repo-flows';

const client = readFileSync(path.join(FLOWS_DIR, 'client.json'), 'utf8');
/** client.json with its "Grant services" link sent to `href`. */
const linkingTo = (href: string) =>
  client.replace('"href": "/grant-service"', `"href": ${JSON.stringify(href)}`);
const line = client.split('\n').findIndex((l) => l.includes('"/grant-service"')) + 1;
const meta = { author: 'ann@example.com', note: 'links' };

describe('FLOW_LINK_HOSTS', () => {
  it('allows the listed hosts, the site’s and the scheduler’s, and is enforced once set', () => {
    const hosts = (variables: Record<string, string>) => flowLinkHosts(parseEnv(variables));
    expect(hosts({})).toEqual({ allowed: ['localhost'], enforced: false });
    expect(
      hosts({
        FLOW_LINK_HOSTS: ' Calendly.com, partner.example ,',
        SITE_URL: 'https://www.firm.example',
        SCHEDULER_URL: 'https://scheduler.example.com/firm/consultation',
      }),
    ).toEqual({
      allowed: ['calendly.com', 'partner.example', 'www.firm.example', 'scheduler.example.com'],
      enforced: true,
    });
    expect(hosts({ FLOW_LINK_HOSTS: ' ' }).enforced).toBe(false);
  });

  it('names a value that is not a list of host names', () => {
    for (const value of ['https://calendly.com', 'calendly.com/x', 'calendly.com:443', 'a b']) {
      expect(() => parseEnv({ FLOW_LINK_HOSTS: value }), value).toThrow(
        /FLOW_LINK_HOSTS: must be host names such as calendly\.com/,
      );
    }
  });
});

describe.each(dialects)('publishing endings that leave the site, on %s', (dialect) => {
  let database: TestDatabase;
  let site: SiteDatabase;
  const catalogue = (linkHosts?: LinkHosts) =>
    new FlowCatalogue({
      flowsDir: FLOWS_DIR,
      files: loadFlowRegistry(FLOWS_DIR, VARS),
      vars: VARS,
      database: () => Promise.resolve(site),
      linkHosts,
    });
  const enforced: LinkHosts = { allowed: ['calendly.com', 'localhost'], enforced: true };

  beforeAll(async () => {
    database = await testDatabase(dialect);
    site = await database.open();
    await catalogue().seed();
  });
  afterAll(() => database?.dispose());

  it('with no list: publishes the ending, with its warning', async () => {
    const result = await catalogue().publish('client', linkingTo('//evil.example/grants'), meta);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.warnings.map((d) => [d.severity, d.pointer, d.line, d.message])).toEqual([
      [
        'warning',
        '/endings/0/links/0/href',
        line,
        'This sends visitors to another site, evil.example',
      ],
    ]);
  });

  it('with the list set: refuses a host outside it, at its line, and stores nothing', async () => {
    const store = catalogue(enforced);
    const before = (await store.latest('client'))!.version;
    const result = await store.publish('client', linkingTo('https://other.example/x'), meta);
    expect(result.ok).toBe(false);
    if (result.ok || !('diagnostics' in result)) return;
    expect(result.diagnostics.map((d) => [d.severity, d.pointer, d.line, d.hint])).toEqual([
      [
        undefined,
        '/endings/0/links/0/href',
        line,
        'Add other.example to FLOW_LINK_HOSTS, or link to a page of the site',
      ],
    ]);
    expect((await store.latest('client'))!.version).toBe(before);
  });

  it('with the list set: publishes a listed host and a site path', async () => {
    const store = catalogue(enforced);
    const listed = await store.publish('client', linkingTo('https://calendly.com/firm'), meta);
    expect(listed.ok && listed.warnings).toEqual([]);
    const own = await store.publish('client', linkingTo('/grant-service'), meta);
    expect(own.ok).toBe(true);
  });

  it('with the list set: still serves a version published before it', async () => {
    const published = await catalogue().publish('client', linkingTo('//evil.example/x'), meta);
    expect(published.ok).toBe(true);
    const store = catalogue(enforced);
    await store.live.refresh();
    const live = (await store.live.fresh(0)).get('client');
    expect(live?.version).toBe(published.ok && published.version);
    const ending = live?.endings[0];
    expect(ending?.kind === 'screen' && ending.links[0]?.href).toBe('//evil.example/x');
  });
});
