/**
 * The body of `POST /api/flow-events`, checked for shape only: what the browser's beacon sends,
 * key by key, with unknown keys refused. Whether the flow, step and transition exist is for
 * check-flow-events.ts, which knows the flows. Nothing here reads the server, so the browser side
 * may import the limits too.
 *
 *   {"visit":"k3J9x_2Qp0aZ8mT1","events":[
 *     {"flow":"client","version":1,"step":"phase","seq":0,"at":1764000000000},
 *     {"flow":"client","version":1,"step":"phase","transition":"phase#1","seq":1,"at":1764000001000}]}
 */
import { z } from 'zod';

export const flowEventsPath = '/api/flow-events';
/** A full batch of 100 events is about 10 KiB. */
export const maxFlowEventsBytes = 16 * 1024;
export const maxEventsPerBatch = 100;
/** Flow and step ids as flow files write them (schemas/flow.schema.json), at most 64 long. */
export const identifierPattern = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
export const visitPattern = /^[A-Za-z0-9_-]{16,64}$/;
/** `<step>#<index>`: the index in the engine's numbering, branches first, then `otherwise`. */
/** An A/B test variant's key, as the back office names it (`A`, `B`, `short-intro`). */
export const variantKeyPattern = /^[A-Za-z0-9_-]{1,16}$/;
export const transitionPattern = /^([A-Za-z][A-Za-z0-9_]{0,63})#(0|[1-9][0-9]{0,2})$/;
// Any plausible clock: a visitor's may be wrong by years and still say where the visit went.
const earliestAt = Date.UTC(2020, 0, 1);
const latestAt = Date.UTC(2100, 0, 1);
// Sequence numbers count a visit's own actions: far below INTEGER's limit on either database.
const maxSeq = 2_147_483_647;

/** A message for a missing key, else `wrong`. */
const required =
  (key: string, wrong: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined ? `${key} is required` : wrong;

const text = (key: string, pattern: RegExp, what: string) =>
  z
    .string({ error: required(key, `${key} must be text`) })
    .regex(pattern, `${key} must be ${what}`);

const integer = (key: string, min: number, max: number, what: string) =>
  z
    .int({ error: required(key, `${key} must be ${what}`) })
    .min(min, `${key} must be ${what}`)
    .max(max, `${key} must be ${what}`);

export const flowEventSchema = z.strictObject(
  {
    flow: text('flow', identifierPattern, 'a flow id such as "client"'),
    version: integer('version', 1, 1_000_000, 'an integer from 1'),
    step: text('step', identifierPattern, 'a step id such as "phase"'),
    transition: text(
      'transition',
      transitionPattern,
      'the step id, "#" and the transition\'s index, such as "phase#1"',
    ).optional(),
    seq: integer('seq', 0, maxSeq, `an integer from 0 to ${maxSeq}`),
    at: integer(
      'at',
      earliestAt,
      latestAt,
      'the time in milliseconds since 1970, between 2020 and 2100',
    ),
    /** The A/B test (its id) and variant that served this flow version to the visit. */
    experiment: integer('experiment', 1, maxSeq, 'an A/B test id from 1').optional(),
    variant: text('variant', variantKeyPattern, 'a variant key such as "B"').optional(),
  },
  { error: 'each event must be an object' },
);

export const flowEventBatchSchema = z.strictObject(
  {
    visit: text('visit', visitPattern, '16 to 64 letters, digits, "_" or "-"'),
    events: z
      .array(flowEventSchema, { error: required('events', 'events must be a list') })
      .min(1, 'events must hold at least one event')
      .max(maxEventsPerBatch, `events must hold at most ${maxEventsPerBatch} events`),
  },
  { error: 'The body must be a JSON object with "visit" and "events"' },
);

export type FlowEventBatch = z.output<typeof flowEventBatchSchema>;
export type WireFlowEvent = z.output<typeof flowEventSchema>;
