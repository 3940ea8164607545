/**
 * Facts the engine owns and the site imports instead of re-deriving them: how a submitting
 * state is named and read back, which fields upload, and where known answers open a flow.
 */
import { describe, expect, it } from 'vitest';
import {
  compileFlow,
  parseSubmittingState,
  prefillAnswers,
  submittingState,
  uploadFields,
} from '@/engine/client';
import { repoFlows } from './load-repo-flows';

const { flows } = repoFlows();

describe('submitting states', () => {
  it('every submitting state of every flow reads back as its step and ending', () => {
    let seen = 0;
    for (const flow of Object.values(flows)) {
      const states = Object.keys(compileFlow(flow).config.states ?? {});
      for (const state of states) {
        const parsed = parseSubmittingState(state);
        if (!parsed) {
          expect(
            flow.steps.some((s) => s.id === state) || flow.endings.some((e) => e.id === state),
          ).toBe(true);
          continue;
        }
        seen++;
        expect(submittingState(parsed.step, parsed.ending)).toBe(state);
        expect(flow.steps.some((s) => s.id === parsed.step)).toBe(true);
        expect(flow.endings.find((e) => e.id === parsed.ending)?.submits).toBe(true);
      }
    }
    expect(seen).toBeGreaterThan(5);
  });

  it('a step or an ending is not a submitting state', () => {
    expect(parseSubmittingState('contact')).toBeUndefined();
    expect(parseSubmittingState('submitted')).toBeUndefined();
  });
});

describe('uploadFields', () => {
  it("lists a flow's file fields in step order, and none for a flow without uploads", () => {
    expect(uploadFields(flows.careersApplication!).map((f) => f.name)).toEqual([
      'resume_document',
      'cover_letter',
      'diploma_document',
    ]);
    expect(uploadFields(flows.tellUsMore!).map((f) => f.name)).toEqual(['file']);
    expect(uploadFields(flows.client!)).toEqual([]);
  });
});

describe('prefillAnswers', () => {
  const flow = flows.bookingRequest!;
  const contact = { full_name: 'Ada Prefill', phone: '(212) 555-0100', email: 'ada@example.com' };

  it('skips the leading steps the known answers validly answer, normalised', () => {
    expect(prefillAnswers(flow, contact)).toEqual({
      step: 'time',
      history: ['contact'],
      answers: { ...contact, phone: '2125550100' },
    });
  });

  it('stops at the first step they do not answer, keeping them to prefill it', () => {
    const known = { ...contact, email: 'ada@' };
    expect(prefillAnswers(flow, known)).toEqual({ step: 'contact', history: [], answers: known });
  });

  it('is null when nothing is known', () => {
    expect(prefillAnswers(flow, undefined)).toBeNull();
    expect(prefillAnswers(flow, {})).toBeNull();
  });
});
