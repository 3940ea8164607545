'use client';
/**
 * Ties a flow's steps to the browser history: each new step pushes an entry (same URL, the step
 * depth in history.state), so the browser's Back button steps back through the questionnaire
 * and Forward re-enters an answered step. The in-page Back button walks the same entries when
 * they exist, so both stay in sync.
 */
import { useCallback, useEffect, useRef } from 'react';

export interface FlowHistoryOptions {
  enabled: boolean;
  flowId: string;
  /** Steps behind the visitor (0 on the first step). */
  depth: number;
  /** True while a step (not a submission or an ending) is shown. */
  onStep: boolean;
  back: (count: number) => void;
  forward: (count: number) => void;
}

export function useFlowHistory(options: FlowHistoryOptions): { goBack: () => void } {
  const { enabled, flowId, depth, onStep } = options;
  const key = `flow:${flowId}`;
  const depthRef = useRef(depth);
  const shownDepth = useRef<number | null>(null);
  const pushed = useRef(0);
  const fromPop = useRef(false);
  const handlers = useRef(options);
  useEffect(() => {
    handlers.current = options;
  });

  useEffect(() => {
    depthRef.current = depth;
    if (!enabled || !onStep) return;
    const state = (window.history.state ?? {}) as Record<string, unknown>;
    if (shownDepth.current === null || fromPop.current) {
      // First step shown (or reached through Back/Forward): label the current entry.
      window.history.replaceState({ ...state, [key]: depth }, '');
    } else if (depth > shownDepth.current) {
      window.history.pushState({ ...state, [key]: depth }, '');
      pushed.current += 1;
    } else if (depth !== shownDepth.current) {
      window.history.replaceState({ ...state, [key]: depth }, '');
    }
    fromPop.current = false;
    shownDepth.current = depth;
  }, [enabled, onStep, depth, key]);

  useEffect(() => {
    if (!enabled) return;
    const onPop = (event: PopStateEvent) => {
      const target = (event.state as Record<string, unknown> | null)?.[key];
      if (typeof target !== 'number') return;
      const current = depthRef.current;
      if (target === current) return;
      fromPop.current = true;
      if (target < current) {
        pushed.current = Math.max(0, pushed.current - (current - target));
        handlers.current.back(current - target);
      } else {
        pushed.current += target - current;
        handlers.current.forward(target - current);
      }
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [enabled, key]);

  const goBack = useCallback(() => {
    const state = window.history.state as Record<string, unknown> | null;
    if (enabled && pushed.current > 0 && state?.[key] === depthRef.current) {
      window.history.back(); // popstate then steps the flow back
      return;
    }
    handlers.current.back(1);
  }, [enabled, key]);

  return { goBack };
}
