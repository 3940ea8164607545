'use client';
/**
 * Where a flow sits on a page. The server renders the flow's opening step as plain HTML
 * (static-step); this island fetches the interactive renderer when the visitor reaches for the
 * form (pointer, focus or a key inside it) and swaps it in when the visitor acts (a button or
 * Enter) — or at once when this session has progress to resume. What was typed moves into the
 * renderer, focus stays on the same control, and the click or Enter is replayed after it
 * mounts: pages pay for the questionnaire code only when someone uses it.
 */
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { storedContact } from './contact-session';
import { hasSavedProgress } from './progress-key';
import type { BookingFlowProps } from './booking/booking-flow';
import type { FlowRendererProps } from './renderer-types';
import './flows.css';

type Draft = Record<string, unknown>;

type IslandRenderer =
  { kind: 'flow'; props: FlowRendererProps } | { kind: 'booking'; props: BookingFlowProps };

export type FlowIslandProps = IslandRenderer & {
  /** Load the renderer on mount (a step the static HTML cannot serve, like an upload). */
  eager?: boolean;
  /** The server-rendered opening step. */
  children: ReactNode;
};

type Loaded = ComponentType<Record<string, unknown>>;

const load = (kind: IslandRenderer['kind']): Promise<Loaded> =>
  kind === 'flow'
    ? import('./flow-renderer').then((m) => m.FlowRenderer as unknown as Loaded)
    : import('./booking/booking-flow').then((m) => m.BookingFlow as unknown as Loaded);

/** A control is found again after the swap by what the visitor sees: its id, else its text. */
interface ControlKey {
  id: string;
  tag: string;
  text: string;
}

const keyOf = (el: Element): ControlKey => ({
  id: el.id,
  tag: el.tagName,
  text: el.textContent?.trim() ?? '',
});

function findControl(root: HTMLElement, key: ControlKey): HTMLElement | null {
  if (key.id) {
    const byId = root.ownerDocument.getElementById(key.id);
    if (byId && root.contains(byId)) return byId;
  }
  for (const el of root.querySelectorAll<HTMLElement>(key.tag)) {
    if (el.textContent?.trim() === key.text) return el;
  }
  return null;
}

/** Field name → value of every control in the static step (ticked boxes of a group as a list). */
function readDraft(root: HTMLElement): Draft {
  const draft: Draft = {};
  const controls = root.querySelectorAll<
    HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement
  >('input[name], textarea[name], select[name]');
  const groups = new Map<string, number>();
  for (const c of controls) groups.set(c.name, (groups.get(c.name) ?? 0) + 1);
  for (const c of controls) {
    if (c instanceof HTMLInputElement && c.type === 'checkbox') {
      if ((groups.get(c.name) ?? 0) > 1) {
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

export function FlowIsland({ kind, props, eager, children }: FlowIslandProps) {
  const box = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState<{ Renderer: Loaded; draft: Draft } | null>(null);
  const [failed, setFailed] = useState(false);
  const replay = useRef<{
    focus: ControlKey | null;
    caret: [number, number] | null;
    click: ControlKey | null;
    submit: boolean;
  }>({
    focus: null,
    caret: null,
    click: null,
    submit: false,
  });
  const flowId = kind === 'flow' ? props.flow.id : props.bookConsult.id;

  useEffect(() => {
    const root = box.current;
    if (!root || loaded) return;
    let loading: Promise<Loaded> | null = null;
    let swapping = false;
    // Reaching for the form fetches the renderer; it replaces the static step only when the
    // visitor acts (a button or Enter), so nothing typed meanwhile can land in a control that
    // is about to be replaced.
    const prefetch = () => {
      loading ??= load(kind).catch((error: unknown) => {
        loading = null; // offline or a replaced deploy: the next touch tries again
        throw error;
      });
      return loading;
    };
    const swap = () => {
      if (swapping) return;
      swapping = true;
      prefetch().then(
        (Renderer) => {
          // Read the static step at the last moment, so every keystroke so far is kept.
          const active = root.ownerDocument.activeElement;
          if (active && root.contains(active)) {
            replay.current.focus = keyOf(active);
            if (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) {
              try {
                replay.current.caret = [active.selectionStart ?? 0, active.selectionEnd ?? 0];
              } catch {
                // Inputs without a caret (checkbox): focus alone is restored.
              }
            }
          }
          setLoaded({ Renderer, draft: readDraft(root) });
        },
        () => {
          swapping = false;
          setFailed(true);
        },
      );
    };
    const onClick = (event: MouseEvent) => {
      const button = (event.target as Element).closest('button');
      if (!button || !root.contains(button)) return;
      event.preventDefault();
      replay.current.click = keyOf(button);
      replay.current.submit = false;
      swap();
    };
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      replay.current.submit = true;
      swap();
    };
    const resume = kind === 'flow' ? hasSavedProgress(flowId) : storedContact() !== null;
    if (eager || resume) swap();
    const warm = () => void prefetch().catch(() => undefined);
    const touches = ['pointerdown', 'focusin', 'keydown'] as const;
    for (const type of touches) root.addEventListener(type, warm, { passive: true });
    root.addEventListener('click', onClick, true);
    root.addEventListener('submit', onSubmit, true);
    return () => {
      for (const type of touches) root.removeEventListener(type, warm);
      root.removeEventListener('click', onClick, true);
      root.removeEventListener('submit', onSubmit, true);
    };
  }, [kind, flowId, eager, loaded]);

  // Focus goes back to the same control in the same task as the swap (no keystroke can fall
  // between), then the visitor's click or Enter is replayed — after the renderer's own mount
  // effects, which run before this parent's.
  useLayoutEffect(() => {
    const root = box.current;
    if (!loaded || !root) return;
    const { focus, caret } = replay.current;
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
  }, [loaded]);

  useEffect(() => {
    const root = box.current;
    if (!loaded || !root) return;
    const { click, submit } = replay.current;
    replay.current = { focus: null, caret: null, click: null, submit: false };
    if (click) findControl(root, click)?.click();
    else if (submit) root.querySelector('form')?.requestSubmit();
  }, [loaded]);

  if (loaded) {
    const { Renderer, draft } = loaded;
    return (
      <div ref={box} className="flow-island">
        <Renderer {...props} draft={draft} />
      </div>
    );
  }
  return (
    <div ref={box} className="flow-island">
      {children}
      {failed ? (
        <p className="flow-error" role="alert">
          The form could not load. Check your connection and try again.
        </p>
      ) : null}
    </div>
  );
}
