/**
 * The transitions the browser path tests walked, one line per walked path, read back by
 * `npm run flows -- coverage`. Each line carries its run (the run's temp folder, which the
 * runner hands its workers), so the command reports the last run alone; lines are appended,
 * because the workers of one run write at the same time.
 */
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const WALKED_TRANSITIONS_FILE = 'test-results/flow-walks.jsonl';

interface WalkedPath {
  run: string;
  at: string;
  flowId: string;
  transitions: string[];
}

export function recordWalk(run: string, flowId: string, transitions: string[]): void {
  const file = path.resolve(WALKED_TRANSITIONS_FILE);
  mkdirSync(path.dirname(file), { recursive: true });
  const line: WalkedPath = { run, at: new Date().toISOString(), flowId, transitions };
  appendFileSync(file, `${JSON.stringify(line)}\n`);
}

/** The last run's walked transitions by flow, or undefined when no run was recorded. */
export function lastRunWalks(): { at: string; byFlow: Map<string, Set<string>> } | undefined {
  let text: string;
  try {
    text = readFileSync(path.resolve(WALKED_TRANSITIONS_FILE), 'utf8');
  } catch {
    return undefined;
  }
  const lines = text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as WalkedPath);
  const last = lines.at(-1);
  if (!last) return undefined;
  const byFlow = new Map<string, Set<string>>();
  for (const line of lines.filter((l) => l.run === last.run)) {
    const taken = byFlow.get(line.flowId) ?? new Set<string>();
    for (const t of line.transitions) taken.add(t);
    byFlow.set(line.flowId, taken);
  }
  return { at: last.at, byFlow };
}
