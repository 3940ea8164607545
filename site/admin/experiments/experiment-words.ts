import type { Experiment } from '@/site/server/experiments/experiment-store';

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
