'use client';
/**
 * What the flow studio and the option list studio share on screen: the editor, loaded only once
 * the page is in the browser (CodeMirror is the studio's heaviest code), and the publish note,
 * held to the limit the server checks (studio-form.ts).
 */
import dynamic from 'next/dynamic';
import { MAX_PUBLISH_NOTE } from './studio-form';
import styles from './studio-pages.module.css';

export const LazyFlowEditor = dynamic(() => import('./flow-editor').then((m) => m.FlowEditor), {
  ssr: false,
  loading: () => <p className={styles.loading}>Loading the editor…</p>,
});

export function PublishNote({
  value,
  onChange,
}: {
  value: string;
  onChange: (note: string) => void;
}) {
  return (
    <label className={styles.note}>
      What does this version change? (required)
      <textarea
        required
        maxLength={MAX_PUBLISH_NOTE}
        rows={3}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}
