import { describeCondition } from './conditions';
import type { ResolvedFlow } from './types';

function label(text: string): string {
  // Mermaid ends a transition label at a newline and treats ':' and ';' specially.
  return text.replace(/[:;\n]/g, ' ').replace(/"/g, "'");
}

/** The flow as a Mermaid `stateDiagram-v2`: steps, endings and every transition. */
export function flowToMermaid(flow: ResolvedFlow): string {
  const lines = ['stateDiagram-v2', `  [*] --> ${flow.start}`];
  for (const step of flow.steps) {
    lines.push(`  state "${label(step.question || step.id)}" as ${step.id}`);
  }
  for (const ending of flow.endings) {
    const what = ending.kind === 'redirect' ? `${ending.path}` : ending.kind;
    lines.push(
      `  state "${label(`${ending.id} (${what}${ending.submits ? ', submits' : ''})`)}" as ${ending.id}`,
    );
  }
  for (const step of flow.steps) {
    for (const b of step.next.branches) {
      lines.push(`  ${step.id} --> ${b.to} : ${label(describeCondition(b.when))}`);
    }
    if (step.next.otherwise !== undefined) {
      const text = step.next.branches.length > 0 ? ' : otherwise' : '';
      lines.push(`  ${step.id} --> ${step.next.otherwise}${text}`);
    }
  }
  for (const ending of flow.endings) lines.push(`  ${ending.id} --> [*]`);
  return `${lines.join('\n')}\n`;
}
