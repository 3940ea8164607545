/**
 * Vitest global setup: hands every test file a token naming this run, so the lead integration
 * tests build the site once per run (lazily, only when one of them runs) and reuse it.
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    leadsRunToken: string;
  }
}

export default function setup(project: TestProject) {
  project.provide('leadsRunToken', randomUUID());
  // A lock left by an interrupted run would make the next one wait forever.
  rmSync('.next-leads-it.lock', { recursive: true, force: true });
}
