'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { NavLink, SearchPanelLinks } from '@/site/content/content-types';
import { panelId, triggerId, useMenu, useOpenedOnce } from '../menu/menu-context';
import { timings } from '../timings';

const SEARCH_ID = 'search';

/** `open` → `closing` (leave transition) → `closed` (hidden). */
type Phase = 'closed' | 'open' | 'closing';

export function searchHref(text: string): string {
  return `/search?search=${encodeURIComponent(text.trim())}`;
}

function LinkList({ title, links }: { title: string; links: NavLink[] }) {
  const id = `search-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="search-panel__group" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.url}>
            <a href={link.url}>{link.name}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The header's search: a trigger and a panel that slides in (500 ms) and out (800 ms). The
 * input takes focus 700 ms after opening and the expanded state resets 700 ms after closing
 * (site-spec.md §4). Enter goes to /search?search={text}; without JavaScript the form does
 * the same as a plain GET.
 */
export function SearchPanel({ links }: { links: SearchPanelLinks }) {
  const menu = useMenu();
  const router = useRouter();
  const open = menu.openId === SEARCH_ID;
  const [phase, setPhase] = useState<Phase>('closed');
  const [expanded, setExpanded] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const opened = useOpenedOnce(open);

  useEffect(() => {
    // Closed since the page loaded: nothing to hide or collapse.
    if (!open && !opened) return;
    if (open) {
      const show = setTimeout(() => {
        setPhase('open');
        setExpanded(true);
      }, 0);
      const focus = setTimeout(() => input.current?.focus(), timings.searchFocusDelayMs);
      return () => {
        clearTimeout(show);
        clearTimeout(focus);
      };
    }
    const leave = setTimeout(
      () => setPhase((current) => (current === 'closed' ? current : 'closing')),
      0,
    );
    const hide = setTimeout(() => setPhase('closed'), timings.searchLeaveMs);
    const collapse = setTimeout(() => setExpanded(false), timings.searchCollapseDelayMs);
    return () => {
      clearTimeout(leave);
      clearTimeout(hide);
      clearTimeout(collapse);
    };
  }, [open, opened]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = input.current?.value.trim() ?? '';
    if (!text) return;
    menu.close();
    router.push(searchHref(text));
  };

  return (
    <div className={`search${expanded ? ' search--expanded' : ''}`}>
      <button
        id={triggerId(SEARCH_ID)}
        type="button"
        className="search__trigger"
        aria-expanded={open}
        aria-controls={panelId(SEARCH_ID)}
        onClick={() => menu.click(SEARCH_ID)}
      >
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" focusable="false">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
          <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">Search</span>
      </button>
      <div
        id={panelId(SEARCH_ID)}
        className="search-panel"
        data-phase={open ? 'open' : phase}
        hidden={!open && phase === 'closed'}
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('a')) menu.close();
        }}
      >
        {opened && (
          <div className="container">
            <form
              className="search-panel__form"
              role="search"
              action="/search"
              method="get"
              onSubmit={submit}
            >
              <label htmlFor="site-search-input">Search the site</label>
              <div className="search-panel__row">
                <input
                  ref={input}
                  id="site-search-input"
                  type="search"
                  name="search"
                  autoComplete="off"
                  enterKeyHint="search"
                  placeholder="Business plans, SBA loans, private placements…"
                />
                <button type="submit" className="button">
                  Search
                </button>
              </div>
            </form>
            <div className="search-panel__groups">
              <LinkList title="Popular searches" links={links.popular} />
              <LinkList title="Previous searches" links={links.previous} />
              <LinkList title="Recently visited" links={links.recent} />
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
