'use client';
/**
 * The one renderer for every flow. The server renders the flow's first step (or the step the
 * known answers lead to); once in the browser, progress saved in this session resumes the
 * flow where the visitor left it.
 */
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { clearProgress, loadProgress, type SavedProgress } from './flow-storage';
import { FlowMachineView } from './flow-machine-view';
import { prefillProgress } from './prefill-progress';
import type { FlowRendererProps } from './renderer-types';

export function FlowRenderer(props: FlowRendererProps) {
  const { flow, initialAnswers } = props;
  const resumable = props.resumable ?? flow.steps.length > 1;
  // `ready`: storage has been read, so progress may be written (not before: the first step
  // must not overwrite the progress it is about to resume). `draft`: what was typed in the
  // server-rendered step; it belongs to the run it was typed for, so a run that starts the
  // flow afresh (route change after the ending, "Back to home") starts with empty fields.
  const [run, setRun] = useState<{
    key: number;
    start: SavedProgress | null;
    focus: boolean;
    ready: boolean;
    draft: FlowRendererProps['draft'];
  }>(() => ({
    key: 0,
    start: prefillProgress(flow, initialAnswers),
    focus: false,
    ready: false,
    draft: props.draft,
  }));
  const pathname = usePathname();
  const [lastPath, setLastPath] = useState(pathname);
  const clearsOnRouteChange = flow.endings.some((e) => e.kind === 'screen' && e.clearOnRouteChange);

  // A flow the shell hosts (the footer's) lives across navigations: an ending that says
  // `clearOnRouteChange` goes with the route, and the flow starts afresh for the next visitor
  // action (state adjusted while rendering, as React recommends for changes of a prop).
  if (lastPath !== pathname) {
    setLastPath(pathname);
    if (clearsOnRouteChange) {
      setRun((current) => ({
        key: current.key + 1,
        start: prefillProgress(flow, initialAnswers),
        focus: false,
        ready: current.ready,
        draft: undefined,
      }));
    }
  }

  useEffect(() => {
    const saved = resumable ? loadProgress(flow) : null;
    // Restoring after hydration keeps the server HTML and the first client render identical;
    // session storage exists only in the browser, so this read belongs in an effect.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setRun((current) =>
      saved
        ? { ...current, key: current.key + 1, start: saved, ready: true }
        : { ...current, ready: true },
    );
  }, [flow, resumable]);

  return (
    <FlowMachineView
      key={run.key}
      {...props}
      draft={run.draft}
      start={run.start}
      focusOnMount={run.focus}
      persist={run.ready}
      onRestart={() => {
        clearProgress(flow.id);
        setRun((current) => ({
          key: current.key + 1,
          start: prefillProgress(flow, initialAnswers),
          focus: true,
          ready: true,
          draft: undefined,
        }));
      }}
    />
  );
}
