// @vitest-environment jsdom
/**
 * The questionnaire's header as a visitor sees it on the server-rendered opening step and in the
 * renderer alike: "Question n / N" with its bar, and beside the first question the flow's
 * reassurance and how long it takes; later questions keep the count and the bar only.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { durationText, StepHeader } from '@/site/flows/step-frame';
import { repoFlows } from '@/tests/unit/engine/load-repo-flows';

const { flows } = repoFlows();
afterEach(cleanup);

describe('the questionnaire card', () => {
  it('says it is free, how long it takes and how far the visitor is, on every questionnaire', () => {
    for (const flow of Object.values(flows).filter((f) => f.progress.mode !== 'none')) {
      const { container } = render(
        <StepHeader flow={flow} level={2} question="First?" progress={{ n: 1, total: 5 }} />,
      );
      expect(screen.getByText('Question 1 / 5')).toBeTruthy();
      expect(container.querySelector<HTMLElement>('.flow-step__bar > span')!.style.width).toBe(
        '20%',
      );
      expect(flow.reassurance, flow.id).toBeTruthy();
      expect(container.textContent).toContain(`${flow.reassurance} Takes about 2 minutes.`);
      cleanup();
    }
  });

  it('keeps the count and the bar on later questions, without repeating the reassurance', () => {
    const { container } = render(
      <StepHeader flow={flows.client!} level={2} question="Next?" progress={{ n: 4, total: 5 }} />,
    );
    expect(screen.getByText('Question 4 / 5')).toBeTruthy();
    expect(container.querySelector<HTMLElement>('.flow-step__bar > span')!.style.width).toBe('80%');
    expect(container.textContent).not.toContain('Takes about');
  });

  it('rounds the time to whole minutes, one at least', () => {
    expect(durationText(1)).toBe('Takes about 1 minute');
    expect(durationText(5)).toBe('Takes about 2 minutes');
    expect(durationText(12)).toBe('Takes about 4 minutes');
  });
});
