'use client';
/**
 * Where a flow sits on a page. The server renders the flow's opening step as plain HTML
 * (static-step); this island fetches the interactive renderer once the page has loaded and the
 * form is in view, while the browser is idle (prefetch-when-seen), or when the visitor reaches
 * for the form (pointer, focus or a key inside it), whichever comes first. It swaps the renderer
 * in when the visitor acts (a button or Enter) — or at once when this session has progress to
 * resume. What was typed moves into the renderer, focus stays on the same control, and the
 * click or Enter is replayed after it mounts: a page's arrival carries no questionnaire code.
 */
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useDelayedLoading } from '@/site/shell/loading/use-delayed-loading';
import { storedContact } from './contact-session';
import { hasSavedProgress, savedProgressVersion } from './progress-key';
import { afterNextPaint } from './after-next-paint';
import { prefetchWhenSeen } from './prefetch-when-seen';
import { timings } from '@/site/shell/timings';
import { whenIdle } from '@/site/shell/prefetch/prefetch-rule';
import type { BookingIslandProps } from './booking/booking-flow';
import type { ResolvedFlow } from '@/engine/client';
import type { FlowRendererProps } from './renderer-types';
import type { ChosenVariant } from './experiment-variant';
import { keyOf, type ControlKey } from './control-key';
import type * as IslandSwap from './island-swap';

/** Which renderer the island loads, with its props less the flows (fetched with it). */
type IslandRenderer =
  | {
      kind: 'flow';
      flowId: string;
      /** The version the page was rendered with: fetched as such, never a cached older one. */
      version: number;
      props: Omit<FlowRendererProps, 'flow'>;
      /** The opening step to count as seen in the flow's funnel on arrival (funnel-beacon). */
      opening?: { version: number; step: string };
    }
  | {
      kind: 'booking';
      /** The booking's contact form (a flow with `booking`), at the page's version. */
      flowId: string;
      version: number;
      /** Its `booking.fallbackFlow`. */
      fallbackFlow: string;
      props: BookingIslandProps;
    };

export type FlowIslandProps = IslandRenderer & {
  /** The server-rendered opening step. */
  children: ReactNode;
};

type Loaded = {
  Renderer: ComponentType<Record<string, unknown>>;
  props: Record<string, unknown>;
  /** The swap's helpers, fetched with the renderer (island-swap.ts). */
  swap: typeof IslandSwap;
};

/**
 * A resolved flow, as `GET /api/flows/{id}` serves it (flow-json-route): its newest version. The
 * page's version in the query keeps a browser's cached copy of an older version from answering.
 */
async function fetchFlow(flowId: string, version?: number): Promise<ResolvedFlow> {
  const query = version === undefined ? '' : `?v=${version}`;
  const response = await fetch(`/api/flows/${encodeURIComponent(flowId)}${query}`);
  if (!response.ok) throw new Error(`flow ${flowId}: HTTP ${response.status}`);
  return (await response.json()) as ResolvedFlow;
}

/** What an A/B test's variant serves at a placement: a version of the placed flow, or of another. */
type Served = Pick<ChosenVariant, 'flow' | 'version'>;

/** Whether the variant serves something else than the page's own flow version. */
function servesOther(chosen: Served | undefined, flowId: string, pageVersion?: number): boolean {
  return chosen !== undefined && (chosen.flow !== flowId || chosen.version !== pageVersion);
}

/**
 * The flow at the version this session's progress was answered on (a resume link pins it), so
 * the visitor goes on with the questions they answered; the page's version when there is none,
 * or when that version cannot be had (the renderer then starts afresh). A variant of another
 * flow runs that flow: its progress is kept under its own id, so a reload finds it there.
 */
async function flowToRun(
  flowId: string,
  pageVersion: number,
  variant?: Served,
): Promise<ResolvedFlow> {
  // Saved progress first, then the visit's A/B test variant (experiment-variant.ts).
  const runs = variant?.flow ?? flowId;
  const saved = savedProgressVersion(runs) ?? variant?.version;
  if (saved === undefined || (runs === flowId && saved === pageVersion)) {
    return fetchFlow(flowId, pageVersion);
  }
  const path = `/api/flows/${encodeURIComponent(runs)}/versions/${saved}`;
  const response = await fetch(path).catch(() => undefined);
  if (response?.ok) return (await response.json()) as ResolvedFlow;
  return fetchFlow(flowId, pageVersion);
}

/** The renderer's code and its flows, fetched in parallel. */
async function load(island: IslandRenderer, variant?: Served): Promise<Loaded> {
  if (island.kind === 'flow') {
    const [module, swap, flow] = await Promise.all([
      import('./flow-renderer'),
      import('./island-swap'),
      flowToRun(island.flowId, island.version, variant),
    ]);
    return {
      Renderer: module.FlowRenderer as unknown as Loaded['Renderer'],
      props: { ...island.props, flow },
      swap,
    };
  }
  const [module, swap, flow, fallback] = await Promise.all([
    import('./booking/booking-flow'),
    import('./island-swap'),
    fetchFlow(island.flowId, island.version),
    fetchFlow(island.fallbackFlow),
  ]);
  return {
    Renderer: module.BookingFlow as unknown as Loaded['Renderer'],
    props: { ...island.props, flow, fallback },
    swap,
  };
}

export function FlowIsland({ children, ...island }: FlowIslandProps) {
  const box = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState<(Loaded & { draft: IslandSwap.Draft }) | null>(null);
  // The latest props, for a load that starts after a re-render.
  const latest = useRef(island);
  useEffect(() => {
    latest.current = island;
  });
  const [failed, setFailed] = useState(false);
  // The visitor acted (or progress resumes) and the renderer is on its way; it replaces the
  // static step once it has `arrived` and no loading indicator is being held on screen.
  const [waiting, setWaiting] = useState(false);
  const [arrived, setArrived] = useState<Loaded | null>(null);
  const showLoading = useDelayedLoading(waiting && !arrived);
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
  const kind = island.kind;
  const flowId = island.flowId;
  const opening = island.kind === 'flow' ? island.opening : undefined;
  const [openingVersion, openingStep] = [opening?.version, opening?.step];
  // A page's questionnaire asks, as it arrives, which A/B test variant this visit gets (none:
  // the page's own version); the renderer loads that flow version (the placed flow's, or another
  // flow's served in its place), at once when it is not the page's own.
  const variant = useRef<Promise<ChosenVariant | undefined>>(undefined);
  const chosenVariant = useCallback(
    () =>
      (variant.current ??=
        openingVersion === undefined
          ? Promise.resolve(undefined)
          : import('./experiment-variant')
              .then(({ chooseVariant }) => chooseVariant(flowId))
              .catch(() => undefined)),
    [flowId, openingVersion],
  );

  // The beacon is fetched once the page has loaded, and only by a page's questionnaire.
  useEffect(() => {
    if (openingVersion === undefined || openingStep === undefined) return;
    const report = () =>
      void Promise.all([import('./funnel-beacon'), chosenVariant()]).then(
        ([{ reportFunnel }, chosen]) =>
          reportFunnel(
            chosen && servesOther(chosen, flowId, openingVersion)
              ? { flow: chosen.flow, version: chosen.version, step: chosen.start }
              : { flow: flowId, version: openingVersion, step: openingStep },
          ),
      );
    if (document.readyState === 'complete') return void setTimeout(report, 0);
    addEventListener('load', report, { once: true });
    return () => removeEventListener('load', report);
  }, [flowId, openingVersion, openingStep, chosenVariant]);

  useEffect(() => {
    const root = box.current;
    if (!root || loaded) return;
    let loading: Promise<Loaded> | null = null;
    let swapping = false;
    // Reaching for the form fetches the renderer; it replaces the static step only when the
    // visitor acts (a button or Enter), so nothing typed meanwhile can land in a control that
    // is about to be replaced.
    const prefetch = () => {
      loading ??= chosenVariant()
        .then((chosen) => load(latest.current, chosen))
        .catch((error: unknown) => {
          loading = null; // offline or a replaced deploy: the next touch tries again
          throw error;
        });
      return loading;
    };
    const swap = () => {
      if (swapping) return;
      swapping = true;
      setWaiting(true);
      // The swap mounts the whole renderer, a long task on a phone: it waits until the frame
      // after the press is painted, so the press's own frame is not held up by it (INP).
      prefetch().then(
        (renderer) => afterNextPaint(() => setArrived(renderer)),
        () => {
          swapping = false;
          setWaiting(false);
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
    if (resume) swap();
    let mounted = true;
    void chosenVariant().then((chosen) => {
      if (mounted && servesOther(chosen, flowId, openingVersion)) swap();
    });
    const warm = () => void prefetch().catch(() => undefined);
    // Seen and idle: the renderer is fetched; a step with nothing to type (a choice) is then
    // swapped in at the next idle moment too, so the visitor's press only moves the machine
    // (mounting the renderer is most of a phone's work after a press). A step with fields waits
    // for the visitor to act, so no keystroke lands in a control about to be replaced.
    const stopPrefetch = prefetchWhenSeen(root, () => {
      void prefetch().then(
        () => {
          if (mounted && !root.querySelector('input, textarea, select'))
            whenIdle(() => mounted && swap(), timings.prefetchIdleTimeoutMs);
        },
        () => undefined,
      );
    });
    const touches = ['pointerdown', 'focusin', 'keydown'] as const;
    for (const type of touches) root.addEventListener(type, warm, { passive: true });
    root.addEventListener('click', onClick, true);
    root.addEventListener('submit', onSubmit, true);
    return () => {
      mounted = false;
      stopPrefetch();
      for (const type of touches) root.removeEventListener(type, warm);
      root.removeEventListener('click', onClick, true);
      root.removeEventListener('submit', onSubmit, true);
    };
  }, [kind, flowId, loaded, openingVersion, chosenVariant]);

  // The swap: the static step is read at the last moment (every keystroke so far is kept, also
  // those typed while "Loading the form…" was held on screen), in the same task as the
  // renderer replaces it, so no keystroke can fall between.
  useLayoutEffect(() => {
    const root = box.current;
    if (!arrived || showLoading || loaded || !root) return;
    Object.assign(replay.current, arrived.swap.focusIn(root));
    setLoaded({ ...arrived, draft: arrived.swap.readDraft(root) });
  }, [arrived, showLoading, loaded]);

  // Focus goes back to the same control in the same task as the swap (no keystroke can fall
  // between), then the visitor's click or Enter is replayed — after the renderer's own mount
  // effects, which run before this parent's.
  useLayoutEffect(() => {
    const root = box.current;
    if (!loaded || !root) return;
    loaded.swap.refocus(root, replay.current);
  }, [loaded]);

  useEffect(() => {
    const root = box.current;
    if (!loaded || !root) return;
    const { click, submit } = replay.current;
    replay.current = { focus: null, caret: null, click: null, submit: false };
    if (click) loaded.swap.findControl(root, click)?.click();
    else if (submit) root.querySelector('form')?.requestSubmit();
  }, [loaded]);

  if (loaded) {
    const { Renderer, props, draft } = loaded;
    return (
      <div ref={box} className="flow-island">
        <Renderer {...props} draft={draft} />
      </div>
    );
  }
  // A renderer slower than the threshold is announced (and the form marked busy) so the
  // visitor's click is not taken for ignored; a fast one shows nothing.
  return (
    <div ref={box} className="flow-island" aria-busy={showLoading || undefined}>
      {children}
      {showLoading ? (
        <p className="flow-loading" role="status">
          Loading the form…
        </p>
      ) : null}
      {failed ? (
        <p className="flow-error" role="alert">
          The form could not load. Check your connection and try again.
        </p>
      ) : null}
    </div>
  );
}
