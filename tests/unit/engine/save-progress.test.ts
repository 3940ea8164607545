/**
 * Saved progress as flow data: on for the client, grants and careers questionnaires with the
 * consent box's words, shown on the step that asks the e-mail address; a flow that keeps
 * answers but never asks an address is refused with its own code and plain words.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emailStep, loadFlows, plainWords } from '@/engine';
import { FLOWS_DIR, VARS, repoFlows } from './load-repo-flows';

const temp: string[] = [];
afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

function withEdit(file: string, edit: (flow: Record<string, unknown>) => void) {
  const dir = mkdtempSync(join(tmpdir(), 'flows-'));
  temp.push(dir);
  cpSync(FLOWS_DIR, dir, { recursive: true });
  const path = join(dir, file);
  const data = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  edit(data);
  writeFileSync(path, JSON.stringify(data, null, 2));
  return loadFlows(dir, VARS);
}

describe('saveProgress', () => {
  const { flows } = repoFlows();

  it('is on for client, grants and careers only, with the box words, at the contact step', () => {
    const on = Object.values(flows)
      .filter((flow) => flow.saveProgress)
      .map((flow) => flow.id)
      .sort();
    expect(on).toEqual(['careers', 'client', 'grants']);
    expect(flows.client!.saveProgress!.consent).toMatch(/finish later/);
    expect(emailStep(flows.client!)?.id).toBe('contact');
  });

  it('refuses a flow that keeps answers but never asks an e-mail address', () => {
    const { diagnostics } = withEdit('ebook.json', (flow) => {
      flow.saveProgress = { consent: 'Keep my answers' };
      // The one field asks the address under another name: nothing is named email.
      const text = JSON.stringify(flow)
        .replaceAll('"name":"email"', '"name":"work_address"')
        .replaceAll('"answer":"email"', '"answer":"work_address"');
      Object.assign(flow, JSON.parse(text) as Record<string, unknown>);
    });
    const found = diagnostics.find((d) => d.code === 'save-progress.no-email');
    expect(found?.pointer).toBe('/saveProgress');
    expect(plainWords(found!).message).toBe(
      "The flow keeps visitors' answers to finish later, but never asks for their e-mail address",
    );
  });

  it('loads a flow with saveProgress and an e-mail field', () => {
    const { diagnostics, flows: loaded } = withEdit('newsletter.json', (flow) => {
      flow.saveProgress = { consent: 'Keep my answers' };
    });
    expect(diagnostics.filter((d) => d.file === 'newsletter.json')).toEqual([]);
    expect(loaded.newsletter?.saveProgress).toEqual({ consent: 'Keep my answers' });
  });
});
