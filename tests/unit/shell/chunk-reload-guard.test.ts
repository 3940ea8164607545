import { describe, expect, it } from 'vitest';
import {
  CHUNK_RELOAD_KEY,
  claimChunkReload,
  isChunkLoadError,
} from '@/site/shell/chunk-reload/chunk-reload-guard';

class MemoryStorage {
  private values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
}

describe('chunk reload guard', () => {
  it('recognises chunk-load failures and nothing else', () => {
    const chunk = new Error('Loading chunk 123 failed.');
    chunk.name = 'ChunkLoadError';
    expect(isChunkLoadError(chunk)).toBe(true);
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /x.js')),
    ).toBe(true);
    expect(isChunkLoadError(new Error('Loading CSS chunk app failed'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });

  it('allows one reload per 60 s, remembered in session storage', () => {
    const storage = new MemoryStorage();
    const t0 = 1_700_000_000_000;
    expect(claimChunkReload(storage, t0)).toBe(true);
    expect(storage.getItem(CHUNK_RELOAD_KEY)).toBe(String(t0));
    expect(claimChunkReload(storage, t0 + 1_000)).toBe(false);
    expect(claimChunkReload(storage, t0 + 59_999)).toBe(false);
    expect(claimChunkReload(storage, t0 + 60_000)).toBe(true);
  });
});
