'use client';

import { useEffect } from 'react';
import { claimChunkReload, isChunkLoadError } from './chunk-reload-guard';

/** Reloads the page once when a code chunk failed to load (at most once per 60 s). */
export function reloadForChunkError(error: unknown): boolean {
  if (!isChunkLoadError(error)) return false;
  let allowed = false;
  try {
    allowed = claimChunkReload(sessionStorage, Date.now());
  } catch {
    allowed = false; // storage unavailable: never risk a reload loop
  }
  if (allowed) location.reload();
  return allowed;
}

export function ChunkReloadListener() {
  useEffect(() => {
    const onError = (event: ErrorEvent) => reloadForChunkError(event.error ?? event.message);
    const onRejection = (event: PromiseRejectionEvent) => reloadForChunkError(event.reason);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
  return null;
}
