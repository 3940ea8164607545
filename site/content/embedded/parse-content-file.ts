import type { z } from 'zod';

/** Formats a zod issue path as a JSON pointer (`/megaMenu/2/url`). */
export function jsonPointer(path: readonly PropertyKey[]): string {
  return (
    path.map((part) => `/${String(part).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('') || '/'
  );
}

/**
 * Validates one embedded content file. On failure it throws an Error that names the file
 * and, for every problem, the JSON pointer and the reason, so a build stops with a message
 * an editor can act on.
 */
export function parseContentFile<T>(file: string, schema: z.ZodType<T>, data: unknown): T {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const lines = result.error.issues.map(
    (issue) => `  ${file}${jsonPointer(issue.path)}: ${issue.message}`,
  );
  throw new Error(`Invalid content in ${file}:\n${lines.join('\n')}`);
}
