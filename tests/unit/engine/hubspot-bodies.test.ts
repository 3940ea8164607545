/**
 * What each flow's covering paths send to HubSpot, as the engine builds it now, against the
 * bodies recorded before (tests/fixtures/hubspot-bodies.json): the browser tests compare a lead
 * with the engine of the same run, so only this record notices a change that altered both.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFlows } from '@/engine';
import {
  HUBSPOT_BODIES_FILE,
  RECORD_BODIES_COMMAND,
  allBodiesDifferences,
  flowBodiesDifferences,
  flowsBodies,
  formatRecordedBodies,
  recordedBodies,
  type FlowsBodies,
} from '@/tests/e2e/flows/support/hubspot-bodies';
import { FLOWS_DIR } from './load-repo-flows';

// Loaded with the brand the record was made with, which field names may carry, so the
// comparison does not depend on this machine's BRAND_NAME.
const recorded = recordedBodies();
const now = flowsBodies(loadFlows(FLOWS_DIR, recorded.brand).flows);
const ids = [...new Set([...Object.keys(recorded.flows), ...Object.keys(now)])].sort();
const intended = `Intended? Record the bodies anew: ${RECORD_BODIES_COMMAND}`;

describe('the HubSpot bodies of every flow, against the recorded ones', () => {
  it.each(ids)('%s sends the recorded bodies on each covering path', (id) => {
    const differences = flowBodiesDifferences(
      id,
      Object.hasOwn(now, id) ? now[id] : undefined,
      Object.hasOwn(recorded.flows, id) ? recorded.flows[id] : undefined,
    );
    expect(differences, `${HUBSPOT_BODIES_FILE} differs. ${intended}`).toEqual([]);
  });

  it('is the file the command writes: keys sorted, nothing edited by hand', () => {
    const text = readFileSync(path.resolve(HUBSPOT_BODIES_FILE), 'utf8');
    expect(text, intended).toBe(formatRecordedBodies({ brand: recorded.brand, flows: now }));
  });
});

describe('the comparison with the record', () => {
  const before: FlowsBodies = { careers: structuredClone(now.careers!) };
  const [first, second] = Object.keys(before.careers!);

  it('names the flow, the path, the form and the field whose value changed', () => {
    const changed = structuredClone(before);
    const body = changed.careers![first!]![0]!;
    const field = body.fields[0]!;
    const was = field.value;
    field.value = 'Something else';
    expect(allBodiesDifferences(changed, before)).toEqual([
      `flow "careers", path "${first}", form "${body.formKey}": field "${field.name}" is ` +
        `"Something else", recorded ${JSON.stringify(was)}`,
    ]);
  });

  it('names a field no longer sent, a new one and a file link left blank', () => {
    const changed = structuredClone(before);
    // A body that sends a file link (recorded as `true`: sent).
    const body = changed.careers![first!]!.find((b) => b.fields.some((f) => f.value === true))!;
    const dropped = body.fields.shift()!;
    body.fields.push({ name: 'added', objectTypeId: '0-1', value: 'x' });
    const link = body.fields.find((f) => f.value === true)!;
    link.value = false;
    const at = `flow "careers", path "${first}", form "${body.formKey}"`;
    expect(allBodiesDifferences(changed, before)).toEqual([
      `${at}: field "${dropped.name}" is no longer sent`,
      `${at}: field "${link.name}" is false, recorded true`,
      `${at}: field "added" is new, "x"`,
    ]);
  });

  it('names a path missing from the record, one recorded but gone, and an unrecorded flow', () => {
    const changed = structuredClone(before);
    delete changed.careers![second!];
    changed.careers!['a → b → end'] = [];
    changed.newFlow = {};
    expect(allBodiesDifferences(changed, before)).toEqual([
      `flow "careers", path "a → b → end": a covering path that is not recorded`,
      `flow "careers", path "${second}": recorded, but no longer a covering path`,
      'flow "newFlow" is not recorded',
    ]);
  });
});
