/**
 * The funnel view's filters read from the query (site/admin/flows/funnel-query.ts): whole UTC
 * days, both inclusive; a version from 1 to the current one; anything else an error to show,
 * never a crash, with the report read without that filter.
 */
import { describe, expect, it } from 'vitest';
import { funnelQuery, periodText } from '@/site/admin/flows/funnel-query';
import { parseUtcDay as parseDay } from '@/site/format/format-date';

const DAY = 86_400_000;

describe('the period', () => {
  it('reads from the first day’s start to the end of the last day, UTC', () => {
    const query = funnelQuery({ from: '2025-11-01', to: '2025-11-30' }, 2);
    expect(query).toMatchObject({
      since: Date.UTC(2025, 10, 1),
      until: Date.UTC(2025, 10, 30) + DAY,
      version: 2,
      errors: [],
    });
    expect(periodText(query)).toBe('from 2025-11-01 to 2025-11-30 (UTC days, inclusive)');
  });

  it('reads one day when from and to are the same', () => {
    const query = funnelQuery({ from: '2025-11-02', to: '2025-11-02' }, 1);
    expect(query.until! - query.since!).toBe(DAY);
  });

  it('leaves an absent bound open, and reads all time without either', () => {
    expect(funnelQuery({ from: '2025-11-01' }, 1)).toMatchObject({ since: Date.UTC(2025, 10, 1) });
    expect(funnelQuery({ from: '2025-11-01' }, 1).until).toBeUndefined();
    expect(periodText(funnelQuery({ to: '2025-11-30' }, 1))).toBe(
      'up to 2025-11-30 (UTC days, inclusive)',
    );
    const all = funnelQuery({ from: '', to: '' }, 1);
    expect(all.since).toBeUndefined();
    expect(all.until).toBeUndefined();
    expect(periodText(all)).toBe('all time');
  });

  it('refuses what is not a calendar day, saying so, and reads without it', () => {
    for (const bad of ['2025-02-30', '2025-13-01', '30/11/2025', '2025-11-1', 'yesterday']) {
      const query = funnelQuery({ from: bad, to: '2025-11-30' }, 1);
      expect(query.errors).toEqual([
        {
          field: 'from',
          message: `From “${bad}” is not a date: write it as YYYY-MM-DD, e.g. 2025-11-30.`,
        },
      ]);
      expect(query.since).toBeUndefined();
      expect(query.until).toBe(Date.UTC(2025, 10, 30) + DAY);
    }
    expect(parseDay('2024-02-29')).toBe(Date.UTC(2024, 1, 29));
    expect(parseDay('2025-02-29')).toBeUndefined();
  });

  it('refuses a period that ends before it begins', () => {
    const query = funnelQuery({ from: '2025-11-30', to: '2025-11-01' }, 1);
    expect(query.errors.map((e) => e.field)).toEqual(['to']);
    expect(query.errors[0]!.message).toBe(
      'The period ends (2025-11-01) before it begins (2025-11-30).',
    );
    expect(periodText(query)).toBe('all time');
  });

  it('takes the first of repeated parameters', () => {
    expect(funnelQuery({ from: ['2025-11-01', 'x'] }, 1)).toMatchObject({ errors: [] });
  });
});

describe('the version', () => {
  it('defaults to the current one, and takes any from 1 to it', () => {
    expect(funnelQuery({}, 3).version).toBe(3);
    expect(funnelQuery({ version: '1' }, 3).version).toBe(1);
    expect(funnelQuery({ version: '3' }, 3)).toMatchObject({ version: 3, errors: [] });
  });

  it('refuses one that does not exist, reading the current one', () => {
    for (const bad of ['0', '4', '1.5', '-1', 'two', '1e0']) {
      const query = funnelQuery({ version: bad }, 3);
      expect(query.version).toBe(3);
      expect(query.errors).toEqual([
        { field: 'version', message: `Version “${bad}” does not exist: choose 1 to 3.` },
      ]);
    }
  });
});
