import { applyEdits, modify } from 'jsonc-parser';

/**
 * A flow file's text with its top-level `version` set to `version` and every other byte as it
 * was: the number a publish gives is the store's to decide, the rest is the author's text.
 */
export function setSourceVersion(source: string, version: number): string {
  const edits = modify(source, ['version'], version, {
    formattingOptions: { insertSpaces: true, tabSize: 2 },
  });
  return applyEdits(source, edits);
}
