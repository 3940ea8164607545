/**
 * Vitest global setup: one private PostgreSQL cluster for the whole run (tests make a database
 * of their own in it, see test-databases.ts), stopped and removed at the end.
 */
import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const cluster = await startPostgres();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
