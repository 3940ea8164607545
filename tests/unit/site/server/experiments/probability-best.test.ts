/**
 * The probability of being best against known answers: for two variants, the exact P(B > A)
 * between two Beta posteriors with integer parameters (a closed sum of Beta functions); for
 * variants with equal counts, an equal share by symmetry. The estimate is seeded: the same
 * counts give the same figures.
 */
import { describe, expect, it } from 'vitest';
import { probabilityBest } from '@/site/server/experiments/probability-best';

/** ln Γ(x) (Lanczos, g = 7): enough digits for the sums below. */
function lnGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
    -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
    1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  x -= 1;
  let a = c[0]!;
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}
const lnBeta = (a: number, b: number) => lnGamma(a) + lnGamma(b) - lnGamma(a + b);

/** Exact P(X_B > X_A), X ~ Beta(α, β), α_B an integer. */
function exactBBeatsA(aA: number, bA: number, aB: number, bB: number): number {
  let total = 0;
  for (let i = 0; i < aB; i++) {
    total += Math.exp(
      lnBeta(aA + i, bA + bB) - Math.log(bB + i) - lnBeta(1 + i, bB) - lnBeta(aA, bA),
    );
  }
  return total;
}

describe('probabilityBest (Beta(1, 1) prior, seeded Monte Carlo)', () => {
  it('matches the exact two-variant answer within 0.015', () => {
    // A: 5 of 20 visits completed; B: 10 of 20. Posteriors Beta(6, 16) and Beta(11, 11).
    const exact = exactBBeatsA(6, 16, 11, 11);
    expect(exact).toBeGreaterThan(0.9);
    expect(exact).toBeLessThan(0.99);
    const [a, b] = probabilityBest([
      { visits: 20, completed: 5 },
      { visits: 20, completed: 10 },
    ]);
    expect(Math.abs(b! - exact)).toBeLessThan(0.015);
    expect(a! + b!).toBeCloseTo(1, 10);
  });

  it('matches a close case too, where the answer is near one half', () => {
    const exact = exactBBeatsA(1 + 48, 1 + 52, 1 + 52, 1 + 48);
    const [, b] = probabilityBest([
      { visits: 100, completed: 48 },
      { visits: 100, completed: 52 },
    ]);
    expect(Math.abs(b! - exact)).toBeLessThan(0.015);
  });

  it('gives equal counts equal shares, and no data at all too', () => {
    const three = probabilityBest([
      { visits: 30, completed: 9 },
      { visits: 30, completed: 9 },
      { visits: 30, completed: 9 },
    ]);
    for (const p of three) expect(Math.abs(p - 1 / 3)).toBeLessThan(0.015);
    const none = probabilityBest([
      { visits: 0, completed: 0 },
      { visits: 0, completed: 0 },
    ]);
    for (const p of none) expect(Math.abs(p - 0.5)).toBeLessThan(0.015);
  });

  it('gives the same figures for the same counts', () => {
    const counts = [
      { visits: 20, completed: 7 },
      { visits: 20, completed: 9 },
    ];
    expect(probabilityBest(counts)).toEqual(probabilityBest(counts));
  });
});
