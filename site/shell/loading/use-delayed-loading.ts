'use client';

import { useEffect, useState } from 'react';
import { createLoadingDelay } from './create-loading-delay';

/**
 * Whether to show a loading indicator for a fetch that is `pending` (createLoadingDelay's two
 * rules: nothing for a fetch under 200 ms; once shown, at least 200 ms). While it returns
 * true, show the indicator instead of the content, even if the content has arrived.
 */
export function useDelayedLoading(pending: boolean): boolean {
  const [shown, setShown] = useState(false);
  const [delay] = useState(() => createLoadingDelay(setShown));
  useEffect(() => delay.set(pending), [delay, pending]);
  useEffect(() => () => delay.dispose(), [delay]);
  return shown;
}
