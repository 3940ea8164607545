/**
 * How the island names the visitor's control across the swap (flow-island.tsx, island-swap.ts).
 * A control is found again after the swap by the name the step views give it: a field's id,
 * or a button's `data-control` (see ControlName). Both renderings come from the same views,
 * so the name the visitor's control had in the static step is the one it has in the renderer.
 */
export type ControlKey = { id: string } | { control: string };

/** The name of `el`, or null for a control the step views do not name. */
export function keyOf(el: Element): ControlKey | null {
  if (el.id) return { id: el.id };
  const control = el.getAttribute('data-control');
  return control ? { control } : null;
}
