/**
 * A visit's variant is a function of the visit's id, the test's id and the weights alone: the
 * same visit gets the same variant on every call (every reload, every instance), and many visits
 * split in the weights' proportions.
 */
import { describe, expect, it } from 'vitest';
import { assignVariant, visitPoint } from '@/site/flows/assign-variant';

/** Visit ids shaped as the browser makes them (24 hex digits), from a fixed sequence. */
const visits = (n: number) =>
  Array.from({ length: n }, (_, i) => (i * 2654435761 + 12345).toString(16).padStart(24, '0'));

const shares = (experiment: number, weights: Record<string, number>, n: number) => {
  const variants = Object.entries(weights).map(([key, weight]) => ({ key, weight }));
  const counts: Record<string, number> = {};
  for (const visit of visits(n)) {
    const { key } = assignVariant(experiment, visit, variants);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
};

describe('assignVariant', () => {
  it('gives a visit the same variant every time, and another test may give it another', () => {
    const variants = [
      { key: 'A', weight: 1 },
      { key: 'B', weight: 1 },
    ];
    const keys = visits(200).map((v) => assignVariant(7, v, variants).key);
    expect(visits(200).map((v) => assignVariant(7, v, variants).key)).toEqual(keys);
    const other = visits(200).map((v) => assignVariant(8, v, variants).key);
    expect(other).not.toEqual(keys);
  });

  it('splits 20,000 visits 50/50 within 1.5 points, and 1:3 within 1.5 points', () => {
    const even = shares(3, { A: 1, B: 1 }, 20_000);
    expect(Math.abs(even.A! / 20_000 - 0.5)).toBeLessThan(0.015);
    const skewed = shares(4, { A: 1, B: 3 }, 20_000);
    expect(Math.abs(skewed.B! / 20_000 - 0.75)).toBeLessThan(0.015);
  });

  it('splits three variants by weight 2:1:1 within 1.5 points', () => {
    const counts = shares(5, { A: 2, B: 1, C: 1 }, 20_000);
    expect(Math.abs(counts.A! / 20_000 - 0.5)).toBeLessThan(0.015);
    expect(Math.abs(counts.B! / 20_000 - 0.25)).toBeLessThan(0.015);
    expect(Math.abs(counts.C! / 20_000 - 0.25)).toBeLessThan(0.015);
  });

  it('maps each visit to a point in [0, 1), spread evenly over ten bins', () => {
    const bins = Array.from({ length: 10 }, () => 0);
    for (const visit of visits(10_000)) {
      const point = visitPoint(1, visit);
      expect(point).toBeGreaterThanOrEqual(0);
      expect(point).toBeLessThan(1);
      bins[Math.floor(point * 10)]!++;
    }
    for (const bin of bins) expect(Math.abs(bin - 1000)).toBeLessThan(100);
  });
});
