'use client';

import { useState, useSyncExternalStore } from 'react';
import type { LanguageGroup } from '@/site/content/content-types';
import { DEFAULT_LOCALE, readLocaleCookie, storeLocale } from '../locale/locale-cookie';

const noSubscription = () => () => undefined;

/**
 * The language list. Choosing a language stores it in the locale cookie and says, in
 * English, that the site is available in English only for now.
 */
export function LanguageList({ groups }: { groups: LanguageGroup[] }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  // The stored choice is read after hydration (the server cannot know it).
  const stored = useSyncExternalStore(
    noSubscription,
    () => readLocaleCookie(document.cookie) ?? DEFAULT_LOCALE,
    () => DEFAULT_LOCALE,
  );
  const current = chosen ?? stored;

  const choose = (code: string, name: string) => {
    storeLocale(code);
    setChosen(code);
    setNotice(
      code === DEFAULT_LOCALE
        ? 'English selected.'
        : `Thank you — we saved ${name} as your preference. The site is available in English only for now.`,
    );
  };

  return (
    <div className="topbar-panel language-panel">
      <div className="language-groups">
        {groups.map((group) => (
          <div key={group.name} className="language-group">
            <p
              className="language-group__title"
              id={`lang-group-${group.name.replace(/\W+/g, '-')}`}
            >
              {group.name}
            </p>
            <ul aria-labelledby={`lang-group-${group.name.replace(/\W+/g, '-')}`}>
              {group.languages.map((language) => (
                <li key={language.code}>
                  <button
                    type="button"
                    lang={language.code}
                    aria-pressed={current === language.code}
                    onClick={() => choose(language.code, language.name)}
                  >
                    {language.name}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <p className="language-panel__notice" role="status">
        {notice}
      </p>
    </div>
  );
}
