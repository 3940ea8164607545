'use client';
/**
 * The studio graph's canvas: the flow's drawing (FlowGraph, the funnel page's own, with its
 * funnel when given), fitted whole into the canvas at first and whenever "Fit" is pressed, and
 * zoomed and moved at will: the buttons, Ctrl or ⌘ with the wheel (around the pointer), dragging
 * the background, and, with the canvas in focus, the arrow keys, + and − (0 fits). A node taking
 * the focus is moved into view. Given `onDraw`, each step has a handle to drag a new edge from
 * onto another node; the caller confirms it (and offers the same by keyboard).
 *
 * The canvas clips rather than scrolls (`overflow: clip`), so only the view moves the drawing.
 */
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import type { ResolvedFlow } from '@/engine/client';
import type { Funnel } from '@/site/server/funnel/funnel-report';
import { FlowGraph } from '../flows/flow-graph';
import { flowGraphLayout, type Point } from '../flows/flow-graph-layout';
import { edgeLabels } from './graph-edge-labels';
import {
  drawingPoint,
  fitView,
  panBy,
  revealBox,
  zoomAt,
  ZOOM_STEP,
  type GraphView,
} from './graph-view';
import styles from './studio.module.css';

/** How far an arrow key moves the drawing, in canvas pixels. */
const KEY_PAN = 48;

type Gesture =
  { kind: 'pan'; start: Point; view: GraphView } | { kind: 'draw'; from: string; origin: Point };

export interface GraphCanvasProps {
  flow: ResolvedFlow;
  funnel?: Funnel;
  onSelect: (pointer: string) => void;
  /** Called with the ends of an edge drawn from a step's handle (`to`: the node it was dropped on). */
  onDraw?: (from: string, to: string | undefined) => void;
  /** Called with the id of the step or ending that takes the focus. */
  onFocusNode?: (id: string) => void;
  /** More controls for the toolbar, after the zoom's. */
  tools?: ReactNode;
}

export function GraphCanvas({
  flow,
  funnel,
  onSelect,
  onDraw,
  onFocusNode,
  tools,
}: GraphCanvasProps) {
  const layout = useMemo(() => flowGraphLayout(flow), [flow]);
  const labels = useMemo(() => edgeLabels(flow), [flow]);
  const canvas = useRef<HTMLDivElement>(null);
  const gesture = useRef<Gesture | null>(null);
  // The canvas's size, followed as the panel is resized (unknown, 0 × 0, without a
  // ResizeObserver: jsdom), and the view the person set, if any: none means fitted.
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [manual, setManual] = useState<GraphView | null>(null);
  const view = manual ?? fitView(layout, size);
  const [line, setLine] = useState<{ from: Point; to: Point } | null>(null);
  const hint = useId();

  const move = (next: (view: GraphView) => GraphView) => setManual(next(view));
  const zoom = (factor: number) =>
    move((v) => zoomAt(v, factor, { x: size.width / 2, y: size.height / 2 }));

  useEffect(() => {
    const el = canvas.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      setSize({ width: el.clientWidth, height: el.clientHeight }),
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Ctrl or ⌘ with the wheel (a trackpad's pinch too) zooms around the pointer; React's wheel
  // listener is passive and could not keep the page from zooming.
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      const box = el.getBoundingClientRect();
      const at = {
        x: event.clientX - box.left - el.clientLeft,
        y: event.clientY - box.top - el.clientTop,
      };
      setManual(zoomAt(view, Math.exp(-event.deltaY / 300), at));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [view]);

  const local = (event: PointerEvent): Point => {
    const el = canvas.current!;
    const box = el.getBoundingClientRect();
    return {
      x: event.clientX - box.left - el.clientLeft,
      y: event.clientY - box.top - el.clientTop,
    };
  };

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    const target = event.target as Element;
    const handle = onDraw && target.closest('[data-handle]');
    if (handle) {
      const node = layout.nodes.find((n) => n.id === handle.getAttribute('data-handle'));
      if (!node) return;
      const origin = { x: node.x + node.width / 2, y: node.y + node.height };
      gesture.current = { kind: 'draw', from: node.id, origin };
      setLine({ from: origin, to: origin });
    } else if (!target.closest('[data-node]')) {
      gesture.current = { kind: 'pan', start: local(event), view };
    } else return;
    event.preventDefault();
    event.currentTarget.focus();
    event.currentTarget.setPointerCapture(event.pointerId);
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const g = gesture.current;
    if (!g) return;
    const at = local(event);
    if (g.kind === 'pan') setManual(panBy(g.view, at.x - g.start.x, at.y - g.start.y));
    else setLine({ from: g.origin, to: drawingPoint(view, at) });
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    const g = gesture.current;
    gesture.current = null;
    if (g?.kind !== 'draw') return;
    setLine(null);
    const dropped = document.elementFromPoint(event.clientX, event.clientY)?.closest('[data-node]');
    onDraw?.(g.from, dropped?.getAttribute('data-node') ?? undefined);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.target !== event.currentTarget) return;
    const arrows: Record<string, [number, number]> = {
      ArrowLeft: [KEY_PAN, 0],
      ArrowRight: [-KEY_PAN, 0],
      ArrowUp: [0, KEY_PAN],
      ArrowDown: [0, -KEY_PAN],
    };
    const arrow = arrows[event.key];
    if (arrow) move((v) => panBy(v, ...arrow));
    else if (event.key === '+' || event.key === '=') zoom(ZOOM_STEP);
    else if (event.key === '-') zoom(1 / ZOOM_STEP);
    else if (event.key === '0') setManual(null);
    else return;
    event.preventDefault();
  }

  function onFocus(event: FocusEvent<HTMLDivElement>) {
    const id = (event.target as Element).closest('[data-node]')?.getAttribute('data-node');
    const node = id ? layout.nodes.find((n) => n.id === id) : undefined;
    if (!node) return;
    onFocusNode?.(node.id);
    const shown = revealBox(view, node, size);
    if (shown !== view) setManual(shown);
  }

  return (
    <div className={styles.graphEditor}>
      <div className={styles.graphTools} role="group" aria-label="Graph view">
        <button type="button" className={styles.restart} onClick={() => zoom(1 / ZOOM_STEP)}>
          Zoom out
        </button>
        <button type="button" className={styles.restart} onClick={() => zoom(ZOOM_STEP)}>
          Zoom in
        </button>
        <button
          type="button"
          className={styles.restart}
          aria-pressed={manual === null}
          onClick={() => setManual(null)}
        >
          Fit
        </button>
        <span className={styles.zoomLevel}>{Math.round(view.scale * 100)} %</span>
        {tools}
      </div>
      <p id={hint} className={styles.graphHint}>
        Drag the background or use the arrow keys to move the graph; Ctrl or ⌘ with the wheel, or +
        and −, zoom.
        {onDraw ? ' Drag from the round handle under a step to another step to add a branch.' : ''}
      </p>
      <div
        ref={canvas}
        className={styles.canvas}
        tabIndex={0}
        role="group"
        aria-label="Graph canvas"
        aria-describedby={hint}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          gesture.current = null;
          setLine(null);
        }}
      >
        <div
          className={styles.stage}
          style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
        >
          <FlowGraph
            flow={flow}
            funnel={funnel}
            onSelect={onSelect}
            layout={layout}
            edgeLabels={labels}
            handles={onDraw !== undefined}
          />
          {line && (
            <svg
              className={styles.drawing}
              width={layout.width}
              height={layout.height}
              aria-hidden="true"
            >
              <line x1={line.from.x} y1={line.from.y} x2={line.to.x} y2={line.to.y} />
            </svg>
          )}
        </div>
      </div>
    </div>
  );
}
