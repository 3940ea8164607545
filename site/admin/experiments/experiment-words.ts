import type { Experiment, Variant } from '@/site/server/experiments/experiment-store';

/** What a variant serves: `version 2` of the placed flow, or `clientPrequal version 1`. */
export const servedText = (test: Experiment, v: Variant) =>
  v.flow === test.flowId ? `version ${v.version}` : `${v.flow} version ${v.version}`;

/** A test's state in the staff's words. */
export function statusText(test: Experiment): string {
  const when =
    test.endedAt === null
      ? ''
      : ` ${new Date(test.endedAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  if (test.status === 'running') return 'Running';
  if (test.status === 'stopped') return `Stopped${when} by ${test.endedBy ?? '?'}`;
  return `Promoted ${test.winner ?? '?'}${when} by ${test.endedBy ?? '?'}`;
}

/** A share as a percentage with one decimal; a dash for none. */
export const percent = (share: number | null) =>
  share === null ? '–' : `${(share * 100).toFixed(1)}%`;
