/**
 * A funnel as a table for a terminal (`npm run leads -- funnel <flowId>`): a header line with the
 * period, visitors and completion rate (and the events dropped over the storage limits, if any),
 * then each step with its transitions under it, then the endings.
 */
import type { Funnel } from './funnel-report';
import type { DroppedEvents } from './funnel-store';

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const time = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/** A period of server time as words: whole UTC days as dates, anything else as times. */
function period(since: number | undefined, until: number | undefined): string {
  const at = (ms: number) => (ms % 86_400_000 === 0 ? day(ms) : time(ms));
  if (since === undefined && until === undefined) return 'all time';
  if (until === undefined) return `since ${at(since!)}`;
  if (since === undefined) return `before ${at(until)}`;
  return `from ${at(since)} to before ${at(until)}`;
}

export function percent(rate: number | null): string {
  return rate === null ? '-' : `${(rate * 100).toFixed(1)} %`;
}

/** The events dropped over the storage limits, in words (the CLI's and the staff page's). */
export function droppedText(dropped: DroppedEvents): string | undefined {
  const total = dropped.visit + dropped.client;
  if (total === 0) return undefined;
  return (
    `${total} event(s) dropped over the storage limits on the days of this period, ` +
    `not counted here: ${dropped.client} past a client's share (per hour or day), ` +
    `${dropped.visit} past a visit's limit`
  );
}

export function formatFunnel(funnel: Funnel): string {
  const dropped = droppedText(funnel.dropped);
  const lines = [
    `Flow ${funnel.flowId}, version ${funnel.version}, ${period(funnel.since, funnel.until)}: ` +
      `${funnel.visitors} visitor(s), ${funnel.completed} completed, ` +
      `completion rate ${percent(funnel.completionRate)} (of ${funnel.started} who saw the start)`,
    ...(dropped ? [dropped] : []),
    '',
  ];
  const labels = funnel.steps.flatMap((step) =>
    step.transitions.map((t) => `${t.id} → ${t.to ?? '?'}`),
  );
  const width = Math.max(0, ...labels.map((label) => label.length));
  const stepWidth = Math.max(0, ...funnel.steps.map((step) => step.id.length)) + 2;
  for (const step of funnel.steps) {
    const note = step.inFlow ? '' : '  (not a step of the current flow)';
    lines.push(`${step.id.padEnd(stepWidth)}saw ${step.saw}, left ${step.left}${note}`);
    for (const t of step.transitions) {
      lines.push(`  ${`${t.id} → ${t.to ?? '?'}`.padEnd(width)}  took ${t.took}`);
    }
  }
  lines.push('', 'Endings');
  const endingWidth = Math.max(0, ...funnel.endings.map((ending) => ending.id.length));
  for (const ending of funnel.endings) {
    lines.push(`  ${ending.id.padEnd(endingWidth)}  reached ${ending.reached}`);
  }
  return `${lines.join('\n')}\n`;
}
