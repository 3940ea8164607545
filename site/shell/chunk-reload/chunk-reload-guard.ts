import { timings } from '../timings';

export const CHUNK_RELOAD_KEY = 'chunk-reload-at';

/** True when an error is a failed load of a code chunk (a deploy replaced the files). */
export function isChunkLoadError(error: unknown): boolean {
  if (!error) return false;
  const name = typeof error === 'object' && 'name' in error ? String(error.name) : '';
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return (
    name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk [\w-]+ failed|Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      message,
    )
  );
}

/**
 * Decides whether a chunk-load failure may reload the page: at most once per window, with
 * the last reload's time kept in session storage so that a reload loop cannot happen.
 */
export function claimChunkReload(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  now: number,
): boolean {
  const last = Number(storage.getItem(CHUNK_RELOAD_KEY));
  if (Number.isFinite(last) && last > 0 && now - last < timings.chunkReloadWindowMs) return false;
  storage.setItem(CHUNK_RELOAD_KEY, String(now));
  return true;
}
