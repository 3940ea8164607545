import { describe, expect, it } from 'vitest';
import { newLeadId } from '@/site/server/leads/lead-id';

describe('lead ids', () => {
  it('are RFC 9562 version 7 UUIDs carrying the time they were made', () => {
    const now = Date.UTC(2026, 10, 22, 6, 0, 0, 123);
    const id = newLeadId(now);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(now);
  });

  it('sort by time, and never repeat', () => {
    const ids = Array.from({ length: 20_000 }, (_, i) => newLeadId(1_700_000_000_000 + (i >> 4)));
    expect(new Set(ids).size).toBe(ids.length);
    const byTime = ids.filter((_, i) => i % 16 === 0);
    expect([...byTime].sort()).toEqual(byTime);
  });
});
