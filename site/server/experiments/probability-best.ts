/**
 * The probability that each variant has the highest completion rate, given what was seen:
 * each rate has a Beta(1, 1) prior (uniform), so after `completed` of `visits` its posterior is
 * Beta(1 + completed, 1 + visits − completed). The probability is estimated by Monte Carlo: `draws`
 * joint samples of the posteriors, counting how often each variant's sample is the largest
 * (ties split). The generator is seeded (mulberry32), so one set of counts always gives the same
 * figures: a report does not change on reload.
 */
export interface Observed {
  visits: number;
  completed: number;
}

export const PRIOR = { alpha: 1, beta: 1 } as const;
export const DEFAULT_DRAWS = 20_000;

/** mulberry32: a small, fast 32-bit generator; uniform in [0, 1). */
export function seededUniform(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function normal(uniform: () => number): number {
  // Box–Muller; 1 − u keeps the logarithm finite.
  const u = 1 - uniform();
  const v = uniform();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Gamma(shape, 1) by Marsaglia and Tsang (shape ≥ 1; below, boosted by one). */
function gamma(shape: number, uniform: () => number): number {
  if (shape < 1) return gamma(shape + 1, uniform) * Math.pow(1 - uniform(), 1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = normal(uniform);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = 1 - uniform();
    if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
  }
}

function beta(a: number, b: number, uniform: () => number): number {
  const x = gamma(a, uniform);
  return x / (x + gamma(b, uniform));
}

/** P(variant i has the highest rate), one figure per variant, summing to 1. */
export function probabilityBest(
  observed: readonly Observed[],
  draws: number = DEFAULT_DRAWS,
  seed = 1,
): number[] {
  const uniform = seededUniform(seed);
  const wins = observed.map(() => 0);
  const params = observed.map((o) => {
    const completed = Math.min(Math.max(0, o.completed), Math.max(0, o.visits));
    return [PRIOR.alpha + completed, PRIOR.beta + Math.max(0, o.visits) - completed] as const;
  });
  for (let i = 0; i < draws; i++) {
    const samples = params.map(([a, b]) => beta(a, b, uniform));
    const best = Math.max(...samples);
    const leaders = samples.flatMap((s, j) => (s === best ? [j] : []));
    for (const j of leaders) wins[j]! += 1 / leaders.length;
  }
  return wins.map((w) => w / draws);
}
