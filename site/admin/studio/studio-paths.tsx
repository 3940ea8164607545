'use client';
/**
 * The flow studio's paths: the covering paths of the flow being edited, each with its steps and
 * sample answers, its ending and what HubSpot would receive for each form key on it (the funnel
 * page's own list, CoveringPathsList). Memoised on the flow: the page re-renders as the marketer
 * types, but the flow changes only when the text loads again, and the paths build and validate
 * every path's bodies. The page passes the paths it found for its HubSpot check, when it has them.
 */
import { memo } from 'react';
import type { FlowPath, ResolvedFlow } from '@/engine/client';
import { CoveringPathsList } from '../flows/covering-paths-list';
import styles from './studio.module.css';

export const StudioPaths = memo(function StudioPaths({
  flow,
  paths,
}: {
  flow: ResolvedFlow;
  /** `flow`'s covering paths, when the caller has them. */
  paths?: readonly FlowPath[];
}) {
  return (
    <div className={styles.paths}>
      <p className={styles.note}>
        A few paths that together take every transition of the flow, each with sample answers and
        what HubSpot would receive for each form key when a visitor takes it.
      </p>
      <CoveringPathsList flow={flow} paths={paths} />
    </div>
  );
});
