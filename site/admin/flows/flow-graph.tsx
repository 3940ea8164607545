/**
 * The funnel drawn on the flow (server-rendered SVG, no script): each step with how many visits
 * saw it and left there, each ending with how many reached it, each transition with how many
 * took it (its width grows with the count; one nobody took is dashed). What the engine would
 * refuse (a node the start does not reach, a step with no way out, an unknown target, a cycle)
 * is outlined in red and named. The picture is `role="img"` with a summary; FunnelTable beside it
 * gives a screen reader every number.
 */
import { indexFlow, type ResolvedFlow } from '@/engine';
import { percent } from '@/site/server/funnel/format-funnel';
import type { Funnel } from '@/site/server/funnel/funnel-report';
import { flowGraphLayout, type GraphEdge, type GraphNode, type Point } from './flow-graph-layout';
import { funnelNumbers, type FunnelNumbers } from './funnel-numbers';
import { endingKind, short, visitors } from './flow-words';
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

function NodeBox({
  node,
  flow,
  numbers,
}: {
  node: GraphNode;
  flow: ResolvedFlow;
  numbers: FunnelNumbers;
}) {
  const { steps, endings } = indexFlow(flow);
  const step = steps.get(node.id);
  const ending = endings.get(node.id);
  const flag = nodeFlag(node);
  const lines: [string, string, string] = step
    ? [node.id, step.question, `saw ${numbers.saw(node.id)} · left ${numbers.left(node.id)}`]
    : ending
      ? [node.id, `ending: ${endingKind(ending)}`, `reached ${numbers.reached(node.id)}`]
      : [node.id, 'not a step or ending of the flow', ''];
  const kind = node.kind === 'step' ? styles.step : node.kind === 'ending' ? styles.ending : '';
  const x = node.x + 10;
  return (
    <g className={`${styles.node} ${kind} ${flag ? styles.flagged : ''}`}>
      <title>{`${node.id}: ${lines[1]}${flag ? ` (${flag})` : ''}. ${lines[2]}`}</title>
      <rect
        x={node.x}
        y={node.y}
        width={node.width}
        height={node.height}
        rx={6}
        className={node.start ? styles.start : undefined}
      />
      {node.start ? (
        <text x={node.x} y={node.y - 5} className={styles.startLabel}>
          start
        </text>
      ) : null}
      <text x={x} y={node.y + 20} className={styles.nodeId}>
        {short(lines[0], flag ? 16 : 28)}
      </text>
      {flag ? (
        <text x={node.x + node.width - 10} y={node.y + 20} textAnchor="end" className={styles.flag}>
          {flag}
        </text>
      ) : null}
      <text x={x} y={node.y + 40} className={styles.nodeText}>
        {short(lines[1], 32)}
      </text>
      <text x={x} y={node.y + 61} className={styles.nodeCount}>
        {lines[2]}
      </text>
    </g>
  );
}

function EdgeLine({
  edge,
  numbers,
  branching,
}: {
  edge: GraphEdge;
  numbers: FunnelNumbers;
  /** The step has branches: say which this is. */
  branching: boolean;
}) {
  const took = numbers.took(edge.id);
  const width = 1.5 + (numbers.mostTaken > 0 ? (5 * took) / numbers.mostTaken : 0);
  const label = [...(branching ? [short(edge.condition, 26)] : []), `took ${took}`];
  const boxWidth = Math.max(...label.map((l) => l.length)) * CHAR_WIDTH + 10;
  const boxHeight = label.length * 15 + 4;
  const classes = [styles.edge, took === 0 ? styles.untaken : '', edge.back ? styles.back : ''];
  return (
    <g className={classes.join(' ')}>
      <title>{`${edge.id} → ${edge.to} (${edge.condition}): ${visitors(took)}`}</title>
      <path d={pathData(edge.points, edge.back)} strokeWidth={width} markerEnd="url(#arrow)" />
      <rect
        x={edge.label.x - boxWidth / 2}
        y={edge.label.y - boxHeight / 2}
        width={boxWidth}
        height={boxHeight}
        rx={3}
        className={styles.edgeLabelBox}
      />
      {label.map((line, i) => (
        <text
          key={i}
          x={edge.label.x}
          y={edge.label.y - boxHeight / 2 + 14 + i * 15}
          textAnchor="middle"
          className={i === label.length - 1 ? styles.edgeCount : styles.edgeCondition}
        >
          {line}
        </text>
      ))}
    </g>
  );
}

/** What a screen reader hears for the picture: the flow, the totals, anything wrong with it. */
export function graphSummary(flow: ResolvedFlow, funnel: Funnel, nodes: GraphNode[]): string {
  const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const marked = [
    [nodes.filter((n) => n.unreachable && n.kind !== 'missing').length, 'unreachable node'],
    [nodes.filter((n) => n.deadEnd).length, 'step with no way out', 'steps with no way out'],
    [nodes.filter((n) => n.kind === 'missing').length, 'unknown target'],
    [funnel.steps.filter((s) => !s.inFlow).length, 'recorded step no longer in the flow'],
  ] as const;
  const problems = marked
    .filter(([n]) => n > 0)
    .map(([n, one, many]) => (n === 1 || !many ? count(n, one) : `${n} ${many}`));
  return [
    `Funnel of ${flow.title}, version ${funnel.version}, drawn as a graph of`,
    `${count(flow.steps.length, 'step')} and ${count(flow.endings.length, 'ending')}:`,
    `${visitors(funnel.visitors)}, ${funnel.started} saw the first step,`,
    `${funnel.completed} reached an ending (completion rate ${percent(funnel.completionRate)}).`,
    problems.length > 0 ? `Marked: ${problems.join(', ')}.` : '',
    'The table that follows gives every number.',
  ]
    .filter(Boolean)
    .join(' ');
}

export function FlowGraph({ flow, funnel }: { flow: ResolvedFlow; funnel: Funnel }) {
  const layout = flowGraphLayout(flow);
  const numbers = funnelNumbers(funnel);
  const { steps } = indexFlow(flow);
  return (
    <svg
      role="img"
      aria-label={graphSummary(flow, funnel, layout.nodes)}
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
          branching={(steps.get(edge.from)?.next.branches.length ?? 0) > 0}
        />
      ))}
      {layout.nodes.map((node) => (
        <NodeBox key={node.id} node={node} flow={flow} numbers={numbers} />
      ))}
    </svg>
  );
}
