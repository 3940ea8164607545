'use client';
/**
 * The studio's tabs other than the graph, loaded when a member of staff opens them: the preview
 * brings the visitors' renderer (its state machine, forms and inputs), the paths tab the HubSpot
 * tables. The studio's first load carries the editor, the checks and the graph only.
 */
import dynamic from 'next/dynamic';
import styles from './studio-pages.module.css';

const loading = (what: string) =>
  function Loading() {
    return <p className={styles.loading}>Loading the {what}…</p>;
  };

export const LazyStudioPreview = dynamic(
  () => import('./studio-preview').then((m) => m.StudioPreview),
  { ssr: false, loading: loading('preview') },
);

export const LazyStudioPaths = dynamic(() => import('./studio-paths').then((m) => m.StudioPaths), {
  ssr: false,
  loading: loading('paths'),
});

export const LazyStudioHubSpot = dynamic(
  () => import('./studio-hubspot').then((m) => m.StudioHubSpot),
  { ssr: false, loading: loading('HubSpot forms') },
);
