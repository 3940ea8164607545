/**
 * Vitest global setup: hands every test file a token naming this run, so the lead integration
 * tests build the site once per run (lazily, only when one of them runs) and reuse it; removes
 * this run's copy of the build at the end.
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildDir, httpsBuildDir, runDistDir } from './leads-dist-dir';

declare module 'vitest' {
  export interface ProvidedContext {
    leadsRunToken: string;
  }
}

export default function setup(project: TestProject) {
  const token = randomUUID();
  project.provide('leadsRunToken', token);
  return () => {
    for (const folder of [buildDir, httpsBuildDir]) {
      rmSync(runDistDir(folder, token), { recursive: true, force: true });
    }
  };
}
