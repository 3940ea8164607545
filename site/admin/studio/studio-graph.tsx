'use client';
/**
 * The flow studio's graph, an editor of the flow as well as its picture: the flow the editor's
 * text compiles to, drawn by the funnel page's own drawing (FlowGraph) on a canvas that fits it
 * whole and zooms and moves (graph-canvas.tsx), each edge labelled with the option labels that
 * send visitors along it, each step and ending a button that selects it in the flow file (its
 * JSON pointer). The funnel's numbers, when the page has them, are drawn as the funnel page draws
 * them.
 *
 * Given `onEdit`, an edge drawn from a step's handle to another node, or chosen in the "Connect
 * steps" form (the keyboard's way), adds a branch: the visual editor's own edit of the text
 * (graph-connect.ts), one change the checks, the draft and Undo see as any other. Memoised: the
 * page re-renders as the marketer types, but the flow changes only when the text loads again.
 */
import { memo, useRef, useState } from 'react';
import type { ResolvedFlow } from '@/engine/client';
import type { Funnel } from '@/site/server/funnel/funnel-report';
import { GraphCanvas } from './graph-canvas';
import { connectOptions, connectSteps, connectTargets, type Connection } from './graph-connect';
import { GraphConnectForm } from './graph-connect-form';
import styles from './studio.module.css';

export interface StudioGraphProps {
  flow: ResolvedFlow;
  /** Called with `/steps/<index>` or `/endings/<index>`: where the node is written in the file. */
  onSelect: (pointer: string) => void;
  /** The flow's funnel (the back office's report), drawn on each node and edge. */
  funnel?: Funnel;
  /**
   * Changes the flow text by an edit (given the text, answers the new text). Absent (the text
   * does not load), the graph only shows the flow.
   */
  onEdit?: (edit: (text: string) => string) => void;
}

/** The connect form's ends: where it was opened from. */
interface Connecting {
  from?: string;
  to?: string;
}

export const StudioGraph = memo(function StudioGraph({
  flow,
  onSelect,
  funnel,
  onEdit,
}: StudioGraphProps) {
  const [connecting, setConnecting] = useState<Connecting | null>(null);
  const [said, say] = useState('');
  const focused = useRef<string | undefined>(undefined);
  const opener = useRef<HTMLButtonElement>(null);

  function close() {
    setConnecting(null);
    opener.current?.focus();
  }

  function add(connection: Connection) {
    onEdit?.((text) => connectSteps(text, connection));
    const { from, to, value } = connection;
    const label = connectOptions(flow, from).find((o) => o.value === value)?.label;
    say(
      value === undefined
        ? `Added: ${from} goes to ${to} otherwise.`
        : `Added: if ${from} is ${label ?? value}, go to ${to}.`,
    );
    close();
  }

  function drawn(from: string, to: string | undefined) {
    if (to && connectTargets(flow, from).includes(to)) {
      say('');
      setConnecting({ from, to });
    } else
      say(
        to === from || !to
          ? 'No branch added: drop the line on another step or an ending.'
          : `No branch added: ${to} leads back to ${from}, and a flow cannot loop.`,
      );
  }

  const tools = onEdit && (
    <button
      ref={opener}
      type="button"
      className={styles.restart}
      aria-expanded={connecting !== null}
      onClick={() => setConnecting(connecting ? null : { from: focused.current })}
    >
      Connect steps…
    </button>
  );

  return (
    <div className={styles.graph}>
      <GraphCanvas
        flow={flow}
        funnel={funnel}
        onSelect={onSelect}
        onDraw={onEdit && drawn}
        onFocusNode={(id) => (focused.current = id)}
        tools={tools}
      />
      {connecting && onEdit && (
        <GraphConnectForm
          key={`${connecting.from}>${connecting.to}`}
          flow={flow}
          from={connecting.from}
          to={connecting.to}
          onAdd={add}
          onCancel={close}
        />
      )}
      <p role="status" className={styles.graphHint}>
        {said}
      </p>
    </div>
  );
});
