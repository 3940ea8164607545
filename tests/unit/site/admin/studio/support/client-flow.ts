/**
 * The client flow's text and the shared option lists it uses, read from the repository, and the
 * studio's check of a text as that flow: what the visual editor's tests edit and check. Light on
 * purpose (no component imported), so a test of pure edits loads only what it tests.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkFlowText } from '@/site/admin/studio/check-flow-text';
import { FLOWS_DIR, VARS } from '@/tests/unit/engine/load-repo-flows';

export const client = readFileSync(join(FLOWS_DIR, 'client.json'), 'utf8');

export const optionLists = Object.fromEntries(
  ['industries', 'revenue-bands', 'services'].map((id) => [
    id,
    JSON.parse(readFileSync(join(FLOWS_DIR, 'options', `${id}.json`), 'utf8')) as unknown,
  ]),
);

/** The studio's check of `text` as the client flow. */
export const checkClient = (text: string) =>
  checkFlowText({ flowId: 'client', text, optionLists, vars: VARS });
