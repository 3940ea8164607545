import { vi } from 'vitest';

/** The lines written to stderr while `run` runs (one write may hold several). */
export async function loggedLines(run: () => Promise<unknown>): Promise<string[]> {
  const chunks: string[] = [];
  const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    chunks.push(String(chunk));
    return true;
  });
  try {
    await run();
  } finally {
    write.mockRestore();
  }
  return chunks
    .join('')
    .split(/(?<=\n)/)
    .filter(Boolean);
}
