'use client';
/**
 * The flow studio's graph: the flow the editor's text compiles to, drawn by the funnel page's own
 * drawing (FlowGraph), with each step and ending a button that selects it in the flow file (its
 * JSON pointer). The funnel's numbers, when the page has them, are drawn as the funnel page draws
 * them. A wide flow scrolls inside the panel rather than shrinking its labels. Memoised: the page
 * re-renders as the marketer types, but the flow changes only when the text loads again, and
 * FlowGraph lays the whole flow out on each render.
 */
import { memo } from 'react';
import type { ResolvedFlow } from '@/engine/client';
import type { Funnel } from '@/site/server/funnel/funnel-report';
import { FlowGraph } from '../flows/flow-graph';
import styles from './studio.module.css';

export interface StudioGraphProps {
  flow: ResolvedFlow;
  /** Called with `/steps/<index>` or `/endings/<index>`: where the node is written in the file. */
  onSelect: (pointer: string) => void;
  /** The flow's funnel (the back office's report), drawn on each node and edge. */
  funnel?: Funnel;
}

export const StudioGraph = memo(function StudioGraph({ flow, onSelect, funnel }: StudioGraphProps) {
  return (
    <div className={styles.graph}>
      <FlowGraph flow={flow} funnel={funnel} onSelect={onSelect} />
    </div>
  );
});
