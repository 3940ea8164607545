/**
 * What the island needs only once the renderer is in, fetched with it (flow-island.tsx's `load`)
 * rather than on every page's arrival: reading what was typed in the static step, and putting
 * focus and caret back on the visitor's control in the renderer.
 */
import { keyOf, type ControlKey } from './control-key';

export type Draft = Record<string, unknown>;

export function findControl(root: HTMLElement, key: ControlKey | null): HTMLElement | null {
  if (!key) return null;
  if ('id' in key) {
    const byId = root.ownerDocument.getElementById(key.id);
    return byId && root.contains(byId) ? byId : null;
  }
  const named = root.querySelectorAll<HTMLElement>('[data-control]');
  return [...named].find((el) => el.dataset.control === key.control) ?? null;
}

/**
 * Field name → value of every control in the static step. A checkbox with a `value` is one
 * option of a group (the step views give only those one), so its group's answer is the list of
 * ticked values; a consent box is true or false.
 */
export function readDraft(root: HTMLElement): Draft {
  const draft: Draft = {};
  const controls = root.querySelectorAll<
    HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement
  >('input[name], textarea[name], select[name]');
  for (const c of controls) {
    if (c instanceof HTMLInputElement && c.type === 'file') {
      const file = c.files?.[0];
      if (file) draft[c.name] = file;
    } else if (c instanceof HTMLInputElement && c.type === 'checkbox') {
      if (c.hasAttribute('value')) {
        const list = (draft[c.name] as string[] | undefined) ?? [];
        draft[c.name] = c.checked ? [...list, c.value] : list;
      } else {
        draft[c.name] = c.checked;
      }
    } else if (c.value !== '') {
      draft[c.name] = c.value;
    }
  }
  return draft;
}

/** The control that has focus in the static step, and its caret, to restore after the swap. */
export interface FocusState {
  focus: ControlKey | null;
  caret: [number, number] | null;
}

/** Where focus is inside `root` (nothing when it is elsewhere on the page). */
export function focusIn(root: HTMLElement): Partial<FocusState> {
  const active = root.ownerDocument.activeElement;
  if (!active || !root.contains(active)) return {};
  let caret: FocusState['caret'] = null;
  if (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) {
    try {
      caret = [active.selectionStart ?? 0, active.selectionEnd ?? 0];
    } catch {
      // Inputs without a caret (checkbox): focus alone is restored.
    }
  }
  return { focus: keyOf(active), caret };
}

/** Focus back on the same control in the renderer, with the caret where it was. */
export function refocus(root: HTMLElement, { focus, caret }: FocusState): void {
  const target = focus ? findControl(root, focus) : null;
  if (!target) return;
  target.focus();
  if (caret && (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) {
    try {
      target.setSelectionRange(caret[0], caret[1]);
    } catch {
      // Input types without a selection API (email): the caret stays where focus put it.
    }
  }
}
