/**
 * The Bayesian test of docs/decisions/060: each variant's conversion rate has a Beta(1 + conversions,
 * 1 + non-conversions) posterior (a uniform prior); the probability that each variant is best and
 * each one's expected loss (how much conversion rate is given up, on average, by choosing it) are
 * estimated by Monte Carlo with a seeded generator, so the same counts always give the same figures.
 */

export interface Arm {
  /** Visitors who saw the variant (landing views). */
  trials: number;
  /** Of them, those who converted (submitted, or whose lead sold). */
  successes: number;
}

export interface ArmPosterior {
  /** The posterior mean conversion rate. */
  mean: number;
  /** The probability that this variant's rate is the highest. */
  pBest: number;
  /** E[max rate - this rate]: the rate given up, on average, by choosing this variant. */
  expectedLoss: number;
}

export const DEFAULT_DRAWS = 100_000;
const DEFAULT_SEED = 0x2026_1127;

export function posteriors(arms: readonly Arm[], { draws = DEFAULT_DRAWS, seed = DEFAULT_SEED }: { draws?: number; seed?: number } = {}): ArmPosterior[] {
  const random = mulberry32(seed);
  const shapes = arms.map(({ trials, successes }) => {
    const converted = Math.max(0, Math.min(successes, trials));
    return { a: 1 + converted, b: 1 + trials - converted };
  });
  const wins = arms.map(() => 0);
  const losses = arms.map(() => 0);
  const sample = arms.map(() => 0);
  for (let draw = 0; draw < draws; draw++) {
    let best = 0;
    for (let i = 0; i < shapes.length; i++) {
      sample[i] = betaSample(shapes[i]!.a, shapes[i]!.b, random);
      if (sample[i]! > sample[best]!) best = i;
    }
    wins[best]! += 1;
    for (let i = 0; i < shapes.length; i++) losses[i]! += sample[best]! - sample[i]!;
  }
  return shapes.map(({ a, b }, i) => ({ mean: a / (a + b), pBest: wins[i]! / draws, expectedLoss: losses[i]! / draws }));
}

export interface StopRule {
  /** Stop when the leader's expected loss is below this (a conversion rate: 0.002 is 0.2 percentage points). */
  lossThreshold: number;
  /** And only once every variant has at least this many visitors, so a handful of early visits cannot end the test. */
  minTrials: number;
}

export const DEFAULT_MIN_TRIALS = 100;

export interface Decision {
  /** The index of the variant most likely best. */
  leader: number;
  stop: boolean;
  reason: string;
}

/**
 * The expected-loss stopping rule: stop, choosing the leader, once choosing it would cost less than
 * the threshold on average. The posterior is valid whenever it is read, so looking often does not
 * inflate anything (no peeking penalty as with a fixed-horizon p-value).
 */
export function decide(arms: readonly Arm[], posterior: readonly ArmPosterior[], rule: StopRule): Decision {
  const leader = posterior.reduce((best, arm, i) => (arm.pBest > posterior[best]!.pBest ? i : best), 0);
  const fewest = Math.min(...arms.map((arm) => arm.trials));
  const loss = posterior[leader]!.expectedLoss;
  if (fewest < rule.minTrials) return { leader, stop: false, reason: `Keep going: every variant needs ${rule.minTrials} visitors (the fewest has ${fewest}).` };
  if (loss >= rule.lossThreshold) return { leader, stop: false, reason: `Keep going: choosing the leader now could still cost ${percent(loss)} of conversion rate (the threshold is ${percent(rule.lossThreshold)}).` };
  return { leader, stop: true, reason: `Stop: choosing the leader costs at most ${percent(loss)} of conversion rate on average, below the threshold of ${percent(rule.lossThreshold)}.` };
}

const percent = (rate: number) => `${(rate * 100).toFixed(2)} percentage points`;

/** A small, fast, seedable generator (mulberry32): uniform in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function normalSample(random: () => number): number {
  let u = 0;
  while (u === 0) u = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** Marsaglia and Tsang's method; every shape here is at least 1. */
function gammaSample(shape: number, random: () => number): number {
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = normalSample(random);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = random();
    if (u < 1 - 0.0331 * x ** 4) return d * v;
    if (Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

function betaSample(a: number, b: number, random: () => number): number {
  const x = gammaSample(a, random);
  return x / (x + gammaSample(b, random));
}
