/**
 * The integration build served by the production server with `env`, for the tests of one file:
 * started before them, stopped after. Read `server` inside the tests.
 */
import { afterAll, beforeAll } from 'vitest';
import { ensureBuild } from './leads-build';
import { startLeadsServer, type LeadsServer } from './leads-server';

export function servedBuild(env: Record<string, string> = {}): { server: LeadsServer } {
  const handles = {} as { server: LeadsServer };
  beforeAll(async () => {
    await ensureBuild();
    handles.server = await startLeadsServer(env);
  }, 600_000);
  afterAll(async () => {
    await handles.server?.stop();
  });
  return handles;
}
