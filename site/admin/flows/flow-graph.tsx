/**
 * A flow drawn as a graph (SVG): each step with its question, each ending with its kind, each
 * transition as an arrow labelled with its branch's condition. What the engine would refuse (a
 * node the start does not reach, a step with no way out, an unknown target, a cycle) is outlined
 * in red and named in words. Given a funnel, each step also shows how many visits saw it and left
 * there, each ending how many reached it, each transition how many took it (its width grows with
 * the count; one nobody took is dashed).
 *
 * One drawing for two pages, so it has no hooks and no 'use client': the funnel view renders it on
 * the server as a picture (`role="img"` with a summary, no script; FunnelTable beside it gives a
 * screen reader every number), and the flow studio renders it in the browser with `onSelect`,
 * which makes each node a button naming the step or ending (and its numbers) that selects it in
 * the flow file.
 */
import type { KeyboardEvent } from 'react';
import { indexFlow, targetsOf, type ResolvedFlow } from '@/engine/client';
import { percent } from '@/site/server/funnel/format-funnel';
import type { Funnel } from '@/site/server/funnel/funnel-report';
import {
  flowGraphLayout,
  type FlowGraphLayout,
  type GraphEdge,
  type GraphNode,
  type Point,
} from './flow-graph-layout';
import { funnelNumbers, type FunnelNumbers } from './funnel-numbers';
import { endingKind, plural, short, stepAnswers, visitors } from './flow-words';
import styles from './flow-funnel.module.css';

/** About the width of a character of the 12px labels, to size their backgrounds. */
const CHAR_WIDTH = 6.6;

/** The arrowhead's length: the line stops short of its target by as much. */
const ARROW = 9;

/**
 * A smooth line through the points, vertical at each end (a back edge: straight), stopping
 * short of the last point by the arrowhead's length so a thick line does not cover the arrow.
 */
function pathData(points: Point[], back: boolean): string {
  const [first, ...rest] = points;
  const last = rest.pop();
  if (!first || !last) return '';
  const end = back ? { x: last.x + ARROW, y: last.y } : { x: last.x, y: last.y - ARROW };
  let d = `M ${first.x} ${first.y}`;
  let a = first;
  for (const b of [...rest, end]) {
    const mid = (a.y + b.y) / 2;
    d += back || a.x === b.x ? ` L ${b.x} ${b.y}` : ` C ${a.x} ${mid} ${b.x} ${mid} ${b.x} ${b.y}`;
    a = b;
  }
  return d;
}

function nodeFlag(node: GraphNode): string | undefined {
  if (node.kind === 'missing') return 'unknown';
  if (node.unreachable) return 'unreachable';
  if (node.deadEnd) return 'no way out';
  return undefined;
}

/** What a node is (`Step`), what it says (its question), its numbers (or a step's answers). */
function describeNode(
  node: GraphNode,
  flow: ResolvedFlow,
  numbers: FunnelNumbers | undefined,
): { what: string; about: string; count: string } {
  const { steps, endings } = indexFlow(flow);
  const step = steps.get(node.id);
  const ending = endings.get(node.id);
  if (step) {
    const count = numbers
      ? `saw ${numbers.saw(node.id)} · left ${numbers.left(node.id)}`
      : stepAnswers(step);
    return { what: 'Step', about: step.question, count };
  }
  if (ending) {
    const count = numbers ? `reached ${numbers.reached(node.id)}` : '';
    return { what: 'Ending', about: endingKind(ending), count };
  }
  return { what: 'Unknown target', about: 'not a step or ending of the flow', count: '' };
}

/**
 * Where a node is written in the flow file: its entry in `steps` or `endings` (the resolved flow
 * keeps both in the file's order), or for an unknown target, the first step naming it.
 */
function nodePointer(flow: ResolvedFlow, node: Pick<GraphNode, 'id' | 'kind'>): string {
  if (node.kind === 'ending') return `/endings/${flow.endings.findIndex((e) => e.id === node.id)}`;
  const index =
    node.kind === 'step'
      ? flow.steps.findIndex((s) => s.id === node.id)
      : flow.steps.findIndex((s) => targetsOf(s).includes(node.id));
  return `/steps/${index}`;
}

function NodeBox({
  node,
  flow,
  numbers,
  onSelect,
}: {
  node: GraphNode;
  flow: ResolvedFlow;
  numbers: FunnelNumbers | undefined;
  onSelect: ((pointer: string) => void) | undefined;
}) {
  const flag = nodeFlag(node);
  const { what, about, count } = describeNode(node, flow, numbers);
  // The tooltip, and the button's name: `Step "capital": How much … (unreachable; saw 2 · left 0)`.
  const notes = [flag, count].filter(Boolean).join('; ');
  const name = `${what} "${node.id}": ${about}${notes ? ` (${notes})` : ''}`;
  const kind = node.kind === 'step' ? styles.step : node.kind === 'ending' ? styles.ending : '';
  const x = node.x + 10;
  const select = onSelect && (() => onSelect(nodePointer(flow, node)));
  // The words drawn on a node read, in document order, as a run of its name (WCAG 2.5.3, label
  // in name): the kind above the box, the id, the question (or the ending's kind), the flag and
  // the numbers. A line too long for the box is clipped rather than cut with an ellipsis, so the
  // words someone reads off the box, and says to a speech tool, are the name's own. A space (SVG
  // draws no text outside a <text>) parts each line from the next in the text the lines make
  // together, else the last word of one would run into the first of the next.
  const textWidth = node.width - 20;
  return (
    <>
      {node.start ? (
        <text x={node.x} y={node.y - 5} className={styles.startLabel}>
          start
        </text>
      ) : null}
      <g
        className={`${styles.node} ${kind} ${flag ? styles.flagged : ''}`}
        data-node={node.id}
        {...(select
          ? {
              role: 'button',
              tabIndex: 0,
              'aria-label': name,
              onClick: select,
              onKeyDown: (event: KeyboardEvent) => {
                if (event.key !== 'Enter' && event.key !== ' ') return;
                event.preventDefault();
                select();
              },
            }
          : {})}
      >
        {/* The picture's tooltip. A button has its name, and a title would be read again after
            it, as its description. */}
        {select ? null : <title>{name}</title>}
        {what === 'Step' ? null : (
          <text x={node.x} y={node.y - 5} className={styles.startLabel}>
            {what}
          </text>
        )}{' '}
        <rect
          x={node.x}
          y={node.y}
          width={node.width}
          height={node.height}
          rx={6}
          className={node.start ? styles.start : undefined}
        />
        <svg x={x} y={node.y + 6} width={flag ? textWidth - 80 : textWidth} height={20}>
          <text x={0} y={14} className={styles.nodeId}>
            {node.id}
          </text>
        </svg>{' '}
        <svg x={x} y={node.y + 26} width={textWidth} height={20}>
          <text x={0} y={14} className={styles.nodeText}>
            {about}
          </text>
        </svg>{' '}
        {flag ? (
          <text
            x={node.x + node.width - 10}
            y={node.y + 20}
            textAnchor="end"
            className={styles.flag}
          >
            {flag}
          </text>
        ) : null}{' '}
        <text x={x} y={node.y + 61} className={styles.nodeCount}>
          {short(count, 32)}
        </text>
      </g>
    </>
  );
}

function EdgeLine({
  edge,
  numbers,
  words,
}: {
  edge: GraphEdge;
  numbers: FunnelNumbers | undefined;
  /** What the edge is labelled with (its condition when its step branches), if anything. */
  words: string | undefined;
}) {
  const took = numbers?.took(edge.id);
  const mostTaken = numbers?.mostTaken ?? 0;
  const width = 1.5 + (took !== undefined && mostTaken > 0 ? (5 * took) / mostTaken : 0);
  const condition = words === undefined ? undefined : short(words, 32);
  const count = took === undefined ? undefined : `took ${took}`;
  const label = [condition, count].filter((l) => l !== undefined);
  const boxWidth = Math.max(...label.map((l) => l.length)) * CHAR_WIDTH + 10;
  const boxHeight = label.length * 15 + 4;
  const classes = [styles.edge, took === 0 ? styles.untaken : '', edge.back ? styles.back : ''];
  const line = (text: string | undefined, i: number, className: string | undefined) =>
    text === undefined ? null : (
      <text
        x={edge.label.x}
        y={edge.label.y - boxHeight / 2 + 14 + i * 15}
        textAnchor="middle"
        className={className}
      >
        {text}
      </text>
    );
  return (
    <g className={classes.join(' ')}>
      <title>
        {`${edge.id} → ${edge.to} (${edge.condition})${took === undefined ? '' : `: ${visitors(took)}`}`}
      </title>
      <path d={pathData(edge.points, edge.back)} strokeWidth={width} markerEnd="url(#arrow)" />
      {label.length > 0 ? (
        <rect
          x={edge.label.x - boxWidth / 2}
          y={edge.label.y - boxHeight / 2}
          width={boxWidth}
          height={boxHeight}
          rx={3}
          className={styles.edgeLabelBox}
        />
      ) : null}
      {line(condition, 0, styles.edgeCondition)}
      {line(count, label.length - 1, styles.edgeCount)}
    </g>
  );
}

/**
 * What a screen reader hears for the drawing: the flow, the funnel's totals when given, anything
 * wrong with it. A picture (no `onSelect`) hides its numbers, so it points to the table; as
 * buttons, each node's name carries its own.
 */
export function graphSummary(
  flow: ResolvedFlow,
  nodes: GraphNode[],
  funnel: Funnel | undefined,
  picture: boolean,
): string {
  const marked = [
    [nodes.filter((n) => n.unreachable && n.kind !== 'missing').length, 'unreachable node'],
    [nodes.filter((n) => n.deadEnd).length, 'step with no way out', 'steps with no way out'],
    [nodes.filter((n) => n.kind === 'missing').length, 'unknown target'],
    [funnel?.steps.filter((s) => !s.inFlow).length ?? 0, 'recorded step no longer in the flow'],
  ] as const;
  const problems = marked
    .filter(([n]) => n > 0)
    .map(([n, one, many]) => (n === 1 || !many ? plural(n, one) : `${n} ${many}`));
  const graph = `${plural(flow.steps.length, 'step')} and ${plural(flow.endings.length, 'ending')}`;
  return [
    ...(funnel
      ? [
          `Funnel of ${flow.title}, version ${funnel.version}, drawn as a graph of ${graph}:`,
          `${visitors(funnel.visitors)}, ${funnel.started} saw the first step,`,
          `${funnel.completed} reached an ending (completion rate ${percent(funnel.completionRate)}).`,
        ]
      : [`${flow.title}, drawn as a graph of ${graph}.`]),
    problems.length > 0 ? `Marked: ${problems.join(', ')}.` : '',
    funnel && picture ? 'The table that follows gives every number.' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

export interface FlowGraphProps {
  flow: ResolvedFlow;
  /** The funnel's numbers, drawn on each node and edge. */
  funnel?: Funnel;
  /**
   * Makes each node a button (Enter or a click) that calls this with where the node is written
   * in the flow file: `/steps/<index>` or `/endings/<index>`. Without it the drawing is a picture.
   */
  onSelect?: (pointer: string) => void;
  /** The flow's layout, when the caller has it already (it is laid out here otherwise). */
  layout?: FlowGraphLayout;
  /**
   * Each edge's words by its id (the studio's: what sends visitors along it, in option labels),
   * drawn on every edge; without them an edge of a branching step shows its condition.
   */
  edgeLabels?: ReadonlyMap<string, string>;
  /**
   * Draws a handle under each step (`data-handle` holds its id) for a pointer to draw a new edge
   * from; the caller does the dragging, and offers the same with the keyboard.
   */
  handles?: boolean;
}

export function FlowGraph(props: FlowGraphProps) {
  const { flow, funnel, onSelect, edgeLabels, handles } = props;
  const layout = props.layout ?? flowGraphLayout(flow);
  const numbers = funnel && funnelNumbers(funnel);
  const { steps } = indexFlow(flow);
  return (
    <svg
      role={onSelect ? 'group' : 'img'}
      aria-label={graphSummary(flow, layout.nodes, funnel, !onSelect)}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      width={layout.width}
      height={layout.height}
      className={styles.graph}
    >
      <defs>
        <marker
          id="arrow"
          viewBox="0 0 10 10"
          refX={0}
          refY={5}
          markerWidth={ARROW}
          markerHeight={ARROW}
          markerUnits="userSpaceOnUse"
          orient="auto"
        >
          <path d="M 0 0 L 10 5 L 0 10 z" className={styles.arrow} />
        </marker>
      </defs>
      {layout.edges.map((edge) => (
        <EdgeLine
          key={edge.id}
          edge={edge}
          numbers={numbers}
          words={
            edgeLabels
              ? (edgeLabels.get(edge.id) ?? edge.condition)
              : (steps.get(edge.from)?.next.branches.length ?? 0) > 0
                ? edge.condition
                : undefined
          }
        />
      ))}
      {layout.nodes.map((node) => (
        <NodeBox key={node.id} node={node} flow={flow} numbers={numbers} onSelect={onSelect} />
      ))}
      {handles
        ? layout.nodes
            .filter((node) => node.kind === 'step')
            .map((node) => (
              // A pointer's way to draw an edge; the keyboard's is the caller's form.
              <circle
                key={node.id}
                data-handle={node.id}
                aria-hidden="true"
                cx={node.x + node.width / 2}
                cy={node.y + node.height}
                r={7}
                className={styles.handle}
              />
            ))
        : null}
    </svg>
  );
}
