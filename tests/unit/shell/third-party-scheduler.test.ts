import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  startThirdPartyScheduler,
  thirdPartyScripts,
  type ListenFn,
} from '@/site/shell/third-party/third-party-scheduler';

/** A tiny event bus standing in for window listeners. */
function bus() {
  const handlers = new Map<string, Set<() => void>>();
  const listen: ListenFn = (events, handler) => {
    events.forEach((event) => {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler);
    });
    return () => events.forEach((event) => handlers.get(event)?.delete(handler));
  };
  const emit = (event: string) => [...(handlers.get(event) ?? [])].forEach((handler) => handler());
  return { listen, emit };
}

const urls = {
  video: 'https://video.example/player.js',
  tagManager: 'https://tags.example/tm.js',
  adsTracking: 'https://ads.example/track.js',
  feedback: 'https://feedback.example/w.js',
  chat: 'https://chat.example/c.js',
  chatWidget: 'https://chat.example/widget.js',
  leadTracking: 'https://leads.example/t.js',
};

describe('third-party scheduler', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('includes only the widgets whose URL is configured', () => {
    expect(thirdPartyScripts({})).toEqual([]);
    expect(thirdPartyScripts({ video: urls.video }).map((s) => s.id)).toEqual(['video']);
  });

  it('loads nothing before the first interaction, however long the page stays open', () => {
    const { listen } = bus();
    const load = vi.fn();
    startThirdPartyScheduler({ scripts: thirdPartyScripts(urls), listen, load });
    vi.advanceTimersByTime(120_000);
    expect(load).not.toHaveBeenCalled();
  });

  it('follows the spec timings, each script once', () => {
    const { listen, emit } = bus();
    const loaded: string[] = [];
    startThirdPartyScheduler({
      scripts: thirdPartyScripts(urls),
      listen,
      load: (script) => loaded.push(script.id),
    });

    emit('mousemove');
    const onFirst = ['tag-manager', 'ads-tracking'];
    expect(loaded).toEqual(onFirst); // first interaction
    vi.advanceTimersByTime(600);
    emit('mousemove'); // restarts the quiet waits
    vi.advanceTimersByTime(999);
    expect(loaded).toEqual(onFirst);
    vi.advanceTimersByTime(1);
    expect(loaded).toEqual([...onFirst, 'video']); // 1 s after the last mouse move
    vi.advanceTimersByTime(3999);
    expect(loaded).toEqual([...onFirst, 'video']);
    vi.advanceTimersByTime(1);
    expect(loaded).toEqual([...onFirst, 'video', 'feedback', 'chat', 'lead-tracking']);
    vi.advanceTimersByTime(9999);
    expect(loaded).not.toContain('chat-widget');
    vi.advanceTimersByTime(1);
    expect(loaded).toContain('chat-widget'); // a further 10 s after the chat

    emit('mousemove');
    emit('click');
    vi.advanceTimersByTime(60_000);
    expect(loaded).toHaveLength(7);
  });

  it('loads the tag manager and ads tracking on a first scroll or click too', () => {
    for (const event of ['scroll', 'click']) {
      const { listen, emit } = bus();
      const loaded: string[] = [];
      startThirdPartyScheduler({
        scripts: thirdPartyScripts({ tagManager: urls.tagManager, adsTracking: urls.adsTracking }),
        listen,
        load: (script) => loaded.push(script.id),
      });
      emit(event);
      emit(event);
      expect(loaded).toEqual(['tag-manager', 'ads-tracking']);
    }
  });

  it('loads ads tracking on the first interaction without a tag manager', () => {
    const { listen, emit } = bus();
    const load = vi.fn();
    startThirdPartyScheduler({
      scripts: thirdPartyScripts({ adsTracking: urls.adsTracking }),
      listen,
      load,
    });
    vi.advanceTimersByTime(60_000);
    expect(load).not.toHaveBeenCalled();
    emit('mousemove');
    expect(load).toHaveBeenCalledWith(expect.objectContaining({ id: 'ads-tracking' }));
  });
});
