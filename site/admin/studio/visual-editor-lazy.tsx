'use client';
/**
 * The visual editor, loaded once a member of staff opens it: the studio's first load stays the
 * size it was, and public pages never carry it.
 */
import dynamic from 'next/dynamic';
import styles from './studio-pages.module.css';

export const LazyVisualEditor = dynamic(
  () => import('./visual-editor').then((m) => m.VisualEditor),
  { ssr: false, loading: () => <p className={styles.loading}>Loading the visual editor…</p> },
);
