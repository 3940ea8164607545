import { timings } from '../timings';

/** When a third-party script loads. Nothing loads before the visitor interacts. */
export type ThirdPartyTrigger =
  /** On the first click, scroll, mouse move, key or touch. */
  | { kind: 'first-interaction' }
  /** `delayMs` after the last mouse move or press (each new one restarts the wait). */
  | { kind: 'mouse-quiet'; delayMs: number }
  /** `delayMs` after the script `id` has loaded. */
  | { kind: 'after'; id: string; delayMs: number };

export interface ThirdPartyScript {
  id: string;
  src: string;
  trigger: ThirdPartyTrigger;
}

export type ListenFn = (events: readonly string[], handler: () => void) => () => void;

export interface SchedulerOptions {
  scripts: readonly ThirdPartyScript[];
  listen: ListenFn;
  load: (script: ThirdPartyScript) => void;
}

export const FIRST_INTERACTION_EVENTS = [
  'click',
  'scroll',
  'mousemove',
  'keydown',
  'touchstart',
] as const;
export const MOUSE_EVENTS = ['mousemove', 'mousedown', 'touchstart'] as const;

/** The site's widgets and their triggers (site-spec.md §4); a widget without a URL is absent. */
export function thirdPartyScripts(urls: {
  video?: string;
  tagManager?: string;
  adsTracking?: string;
  feedback?: string;
  chat?: string;
  chatWidget?: string;
  leadTracking?: string;
}): ThirdPartyScript[] {
  const quiet = (delayMs: number) => ({ kind: 'mouse-quiet', delayMs }) as const;
  const all: (ThirdPartyScript | undefined)[] = [
    urls.video ? { id: 'video', src: urls.video, trigger: quiet(timings.videoDelayMs) } : undefined,
    urls.tagManager
      ? { id: 'tag-manager', src: urls.tagManager, trigger: { kind: 'first-interaction' } }
      : undefined,
    // The spec gives ads tracking no delay of its own: it loads with the tag manager.
    urls.adsTracking
      ? { id: 'ads-tracking', src: urls.adsTracking, trigger: { kind: 'first-interaction' } }
      : undefined,
    urls.feedback
      ? { id: 'feedback', src: urls.feedback, trigger: quiet(timings.widgetsDelayMs) }
      : undefined,
    urls.chat ? { id: 'chat', src: urls.chat, trigger: quiet(timings.widgetsDelayMs) } : undefined,
    urls.leadTracking
      ? { id: 'lead-tracking', src: urls.leadTracking, trigger: quiet(timings.widgetsDelayMs) }
      : undefined,
    urls.chatWidget
      ? {
          id: 'chat-widget',
          src: urls.chatWidget,
          trigger: urls.chat
            ? { kind: 'after', id: 'chat', delayMs: timings.chatWidgetExtraDelayMs }
            : quiet(timings.widgetsDelayMs + timings.chatWidgetExtraDelayMs),
        }
      : undefined,
  ];
  return all.filter((script): script is ThirdPartyScript => script !== undefined);
}

/** Wires the triggers; every script loads at most once. Returns a disposer. */
export function startThirdPartyScheduler({ scripts, listen, load }: SchedulerOptions): () => void {
  const loaded = new Set<string>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const unlisteners: (() => void)[] = [];

  const fire = (script: ThirdPartyScript) => {
    if (loaded.has(script.id)) return;
    loaded.add(script.id);
    load(script);
    for (const dependent of scripts) {
      const trigger = dependent.trigger;
      if (trigger.kind === 'after' && trigger.id === script.id) {
        timers.set(
          dependent.id,
          setTimeout(() => fire(dependent), trigger.delayMs),
        );
      }
    }
  };

  const onFirst = scripts.filter((script) => script.trigger.kind === 'first-interaction');
  if (onFirst.length) {
    const stop = listen(FIRST_INTERACTION_EVENTS, () => {
      stop();
      onFirst.forEach(fire);
    });
    unlisteners.push(stop);
  }

  const onQuiet = scripts.filter((script) => script.trigger.kind === 'mouse-quiet');
  if (onQuiet.length) {
    const stop = listen(MOUSE_EVENTS, () => {
      let pending = 0;
      for (const script of onQuiet) {
        if (loaded.has(script.id) || script.trigger.kind !== 'mouse-quiet') continue;
        pending += 1;
        clearTimeout(timers.get(script.id));
        timers.set(
          script.id,
          setTimeout(() => fire(script), script.trigger.delayMs),
        );
      }
      if (!pending) stop();
    });
    unlisteners.push(stop);
  }

  return () => {
    unlisteners.forEach((stop) => stop());
    timers.forEach((timer) => clearTimeout(timer));
  };
}
