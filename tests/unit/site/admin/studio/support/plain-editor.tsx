/**
 * A plain textarea standing in for the studio's editor (CodeMirror, loaded with next/dynamic,
 * does not run in jsdom). A test file mocks the editor's module with it:
 *
 *   vi.mock('@/site/admin/studio/studio-fields', async (importOriginal) =>
 *     (await import('./support/plain-editor')).withPlainEditor(importOriginal));
 *
 * It imports nothing of the studio's: the mock is made while the studio's modules load.
 */
import type * as StudioFields from '@/site/admin/studio/studio-fields';

function PlainEditor({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (text: string) => void;
  label: string;
}) {
  return (
    <textarea aria-label={label} value={value} onChange={(event) => onChange(event.target.value)} />
  );
}

/** The studio's fields module with the editor replaced by a textarea. */
export async function withPlainEditor(
  importOriginal: <T>() => Promise<T>,
): Promise<typeof StudioFields> {
  return { ...(await importOriginal<typeof StudioFields>()), LazyFlowEditor: PlainEditor };
}
