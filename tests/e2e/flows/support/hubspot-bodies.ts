/**
 * The HubSpot bodies each flow's covering paths send, recorded in tests/fixtures/hubspot-bodies.json
 * (`npm run flows -- bodies --write`). The engine computes a path's bodies and the browser tests
 * compare the lead's with them in the same run, so a change that altered both would pass: the
 * recorded file is the "before" both are held to (hubspot-bodies.test.ts for the engine,
 * questionnaire-paths.spec.ts for the browser's real leads).
 *
 * A path is recorded under its steps and ending, not its place in the list, so adding a path
 * leaves the others' entries where they were. A file link is the server's own URL: only whether
 * it is sent is recorded. The page, the time and the visitor's address are the body's context,
 * not its fields, and are not recorded.
 *
 * Playwright's loader imports this file: it reads the recorded file with node:fs and imports no
 * engine module that loads flows (see repo-flows.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { coveringPaths } from '@/engine/covering-paths';
import type { FlowPath } from '@/engine/flow-paths';
import type { FlowVars, HubSpotField, ResolvedFlow } from '@/engine/types';

export const HUBSPOT_BODIES_FILE = 'tests/fixtures/hubspot-bodies.json';

/** What re-records the file after an intended change of what a flow sends. */
export const RECORD_BODIES_COMMAND = 'npm run flows -- bodies --write';

/** A body as recorded: a file link is `true` when sent, `false` when left blank. */
export interface RecordedBody {
  formKey: string;
  fields: { name: string; objectTypeId: string; value: string | boolean }[];
  legalConsentOptions?: unknown;
}

/** Flow id → path key → the bodies the path sends, in the order they are sent. */
export type FlowsBodies = Record<string, Record<string, RecordedBody[]>>;

export interface RecordedBodies {
  /** The brand the flows were loaded with: field names and wording may carry it. */
  brand: FlowVars;
  flows: FlowsBodies;
}

/** A delivery as built or as stored: its form key, fields and consent. */
interface SentBody {
  formKey: string;
  fields: HubSpotField[];
  legalConsentOptions?: unknown;
}

/** The bodies as recorded: each file link reduced to whether it is sent. */
export function comparableBodies(flow: ResolvedFlow, bodies: readonly SentBody[]): RecordedBody[] {
  return bodies.map(({ formKey, fields, legalConsentOptions }) => {
    const links = new Set(
      flow.submissions
        .filter((s) => s.formKey === formKey)
        .flatMap((s) => s.fields.filter((f) => 'file' in f.value).map((f) => f.name)),
    );
    return {
      formKey,
      fields: fields.map((f) => ({
        name: f.name,
        objectTypeId: f.objectTypeId,
        value: links.has(f.name) ? f.value !== '' : f.value,
      })),
      ...(legalConsentOptions === undefined ? {} : { legalConsentOptions }),
    };
  });
}

/**
 * Each path's key: its steps and ending, `size → offices → form → thanks`. Two paths through
 * the same steps (different branches of one step to the same next step) are told apart by the
 * branches they take, `size#0 → offices#1 → form#0 → thanks`.
 */
export function pathKeys(paths: readonly FlowPath[]): string[] {
  const trails = paths.map((p) => [...p.steps.map((s) => s.step), p.ending].join(' → '));
  return paths.map((p, i) =>
    trails.indexOf(trails[i]!) === trails.lastIndexOf(trails[i]!)
      ? trails[i]!
      : [...p.transitions, p.ending].join(' → '),
  );
}

/** Per flow, the bodies each covering path sends, as the engine builds them now. */
export function flowsBodies(flows: Readonly<Record<string, ResolvedFlow>>): FlowsBodies {
  return Object.fromEntries(
    Object.entries(flows).map(([id, flow]) => {
      const paths = coveringPaths(flow);
      const keys = pathKeys(paths);
      return [
        id,
        Object.fromEntries(paths.map((p, i) => [keys[i]!, comparableBodies(flow, p.submissions)])),
      ];
    }),
  );
}

/** With every object's keys sorted (arrays keep their order: fields are sent in it). */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => [k, sorted(v)]),
  );
}

/** The file's text: keys sorted, so recording unchanged flows again writes the same bytes. */
export function formatRecordedBodies(recorded: RecordedBodies): string {
  return `${JSON.stringify(sorted(recorded), null, 2)}\n`;
}

let recordedFile: RecordedBodies | undefined;

/** The recorded file, read once per process. */
export function recordedBodies(): RecordedBodies {
  recordedFile ??= JSON.parse(
    readFileSync(path.resolve(HUBSPOT_BODIES_FILE), 'utf8'),
  ) as RecordedBodies;
  return recordedFile;
}

const show = (value: unknown) => JSON.stringify(sorted(value));

/** What differs between two bodies of one path, one line each. */
function bodiesDifferences(where: string, now: RecordedBody[], before: RecordedBody[]): string[] {
  const forms = (bodies: RecordedBody[]) => bodies.map((b) => b.formKey).join(', ') || 'nothing';
  if (forms(now) !== forms(before))
    return [`${where}: sends ${forms(now)}, recorded ${forms(before)}`];
  return now.flatMap((body, i) => {
    const was = before[i]!;
    const at = `${where}, form "${body.formKey}"`;
    const lines: string[] = [];
    for (const old of was.fields) {
      const field = body.fields.find((f) => f.name === old.name);
      if (!field) lines.push(`${at}: field "${old.name}" is no longer sent`);
      else if (field.objectTypeId !== old.objectTypeId)
        lines.push(
          `${at}: field "${old.name}" has objectTypeId ${field.objectTypeId}, recorded ${old.objectTypeId}`,
        );
      else if (field.value !== old.value)
        lines.push(
          `${at}: field "${old.name}" is ${show(field.value)}, recorded ${show(old.value)}`,
        );
    }
    for (const field of body.fields.filter((f) => !was.fields.some((o) => o.name === f.name)))
      lines.push(`${at}: field "${field.name}" is new, ${show(field.value)}`);
    const names = (b: RecordedBody) => b.fields.map((f) => f.name).join(', ');
    if (lines.length === 0 && names(body) !== names(was))
      lines.push(`${at}: fields are sent in the order ${names(body)}, recorded ${names(was)}`);
    if (show(body.legalConsentOptions) !== show(was.legalConsentOptions))
      lines.push(
        `${at}: consent is ${show(body.legalConsentOptions)}, recorded ${show(was.legalConsentOptions)}`,
      );
    return lines;
  });
}

/**
 * What differs between a flow's bodies now and as recorded, one line each, naming the flow, the
 * path and the field: a path missing from the record or recorded but gone, a body sent or no
 * longer sent, a field's value. `undefined` is a flow with no entry (or no valid flow of that id).
 */
export function flowBodiesDifferences(
  id: string,
  now: Record<string, RecordedBody[]> | undefined,
  before: Record<string, RecordedBody[]> | undefined,
): string[] {
  if (!now) return [`flow "${id}" is recorded, but flows/ has no valid flow of that id`];
  if (!before) return [`flow "${id}" is not recorded`];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(now)])].sort();
  return keys.flatMap((key) => {
    const where = `flow "${id}", path "${key}"`;
    const bodies = Object.hasOwn(now, key) ? now[key] : undefined;
    const was = Object.hasOwn(before, key) ? before[key] : undefined;
    if (!bodies) return [`${where}: recorded, but no longer a covering path`];
    if (!was) return [`${where}: a covering path that is not recorded`];
    return bodiesDifferences(where, bodies, was);
  });
}

/** What differs between every flow's bodies now and as recorded (see flowBodiesDifferences). */
export function allBodiesDifferences(now: FlowsBodies, before: FlowsBodies): string[] {
  const ids = [...new Set([...Object.keys(before), ...Object.keys(now)])].sort();
  return ids.flatMap((id) =>
    flowBodiesDifferences(
      id,
      Object.hasOwn(now, id) ? now[id] : undefined,
      Object.hasOwn(before, id) ? before[id] : undefined,
    ),
  );
}
