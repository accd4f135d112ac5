import { describe, expect, it } from "vitest";
import { encodeAttribution } from "../../server/attribution/attribution";
import { variantIndex } from "../../server/experiments/assignment";
import { decide, posteriors, type Arm } from "../../server/experiments/bayes";

// docs/decisions/060: assignment by a hash of the first-touch cookie, and the Beta-Binomial test.

/** First-touch cookies as the site sets them: one per simulated visitor, arriving a few ms apart. */
const visitors = Array.from({ length: 10_000 }, (_, i) =>
  encodeAttribution({ landing_page: i % 3 ? "/mva-claim-landing" : "/mva-claim-landing?utm_source=google", first_seen_at: new Date(Date.UTC(2026, 10, 27) + i * 37).toISOString() }),
);

/** Pearson's chi-square statistic of observed counts against an even split. */
function chiSquare(counts: number[]): number {
  const expected = counts.reduce((a, b) => a + b, 0) / counts.length;
  return counts.reduce((sum, observed) => sum + (observed - expected) ** 2 / expected, 0);
}
// The chi-square distribution's 0.999 quantiles for 1, 2 and 3 degrees of freedom.
const CRITICAL_0_999 = { 2: 10.828, 3: 13.816, 4: 16.266 } as const;

describe("assignment", () => {
  it.each([2, 3, 4] as const)("splits 10,000 visitors evenly over %i variants (chi-square below the 0.999 quantile)", (count) => {
    const counts = Array.from({ length: count }, () => 0);
    for (const visitor of visitors) counts[variantIndex(visitor, "exp1", count)]! += 1;
    expect(chiSquare(counts)).toBeLessThan(CRITICAL_0_999[count]);
    for (const n of counts) expect(n).toBeGreaterThan(10_000 / count - 300);
  });

  it("gives a visitor the same variant every time, and splits each experiment independently of another", () => {
    for (const visitor of visitors.slice(0, 200)) expect(variantIndex(visitor, "exp1", 2)).toBe(variantIndex(String(visitor), "exp1", 2));
    // The four cells of two experiments' 2 x 2 split are even too: experiment 2 does not follow experiment 1.
    const cells = [0, 0, 0, 0];
    for (const visitor of visitors) cells[variantIndex(visitor, "exp1", 2) * 2 + variantIndex(visitor, "exp2", 2)]! += 1;
    expect(chiSquare(cells)).toBeLessThan(CRITICAL_0_999[4]);
  });
});

/** Evan Miller's closed form of P(B > A) for Beta posteriors (an exact sum), the reference for the Monte Carlo. */
function exactProbabilityBBeatsA(a: Arm, b: Arm): number {
  const lbeta = (x: number, y: number) => lgamma(x) + lgamma(y) - lgamma(x + y);
  const [aA, bA, aB, bB] = [1 + a.successes, 1 + a.trials - a.successes, 1 + b.successes, 1 + b.trials - b.successes];
  let total = 0;
  for (let i = 0; i < aB; i++) total += Math.exp(lbeta(aA + i, bA + bB) - Math.log(bB + i) - lbeta(1 + i, bB) - lbeta(aA, bA));
  return total;
}
/** Lanczos' approximation of log Gamma (g = 7), ample for these sums. */
function lgamma(x: number): number {
  const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lgamma(1 - x);
  x -= 1;
  let a = c[0]!;
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

const arm = (trials: number, successes: number): Arm => ({ trials, successes });

describe("the probability that each variant is best", () => {
  // Small cases by integration on paper: Beta(2,1) has density 2x, Beta(1,2) the CDF 2y - y^2, so
  // P(Beta(2,1) > Beta(1,2)) = ∫ 2x (2x - x^2) dx = 5/6; P(Beta(a,1) > U) = a / (a + 1); E[max of n uniforms] = n / (n + 1).
  // Larger ones from Evan Miller's exact formula (computed independently in Python with lgamma, and by exactProbabilityBBeatsA).
  const table: Array<{ arms: Arm[]; pBest: number[]; expectedLoss?: number[] }> = [
    { arms: [arm(0, 0), arm(0, 0)], pBest: [1 / 2, 1 / 2], expectedLoss: [1 / 6, 1 / 6] },
    { arms: [arm(1, 1), arm(0, 0)], pBest: [2 / 3, 1 / 3] },
    { arms: [arm(2, 2), arm(0, 0)], pBest: [3 / 4, 1 / 4] },
    { arms: [arm(1, 1), arm(1, 0)], pBest: [5 / 6, 1 / 6] },
    { arms: [arm(0, 0), arm(0, 0), arm(0, 0)], pBest: [1 / 3, 1 / 3, 1 / 3], expectedLoss: [1 / 4, 1 / 4, 1 / 4] },
    { arms: [arm(0, 0), arm(0, 0), arm(0, 0), arm(0, 0)], pBest: [1 / 4, 1 / 4, 1 / 4, 1 / 4], expectedLoss: [3 / 10, 3 / 10, 3 / 10, 3 / 10] },
    { arms: [arm(1000, 100), arm(1000, 120)], pBest: [1 - 0.9231834389731917, 0.9231834389731917] },
    { arms: [arm(500, 50), arm(500, 50)], pBest: [0.5, 0.5] },
    { arms: [arm(200, 20), arm(200, 30)], pBest: [1 - 0.933305293217927, 0.933305293217927] },
    { arms: [arm(10_000, 500), arm(10_000, 560)], pBest: [1 - 0.970837663666577, 0.970837663666577] },
    { arms: [arm(100, 5), arm(120, 12)], pBest: [1 - 0.9093228681937192, 0.9093228681937192] },
  ];

  it.each(table)("matches the known result for $arms", ({ arms, pBest, expectedLoss }) => {
    const result = posteriors(arms);
    // 100,000 draws: the Monte Carlo's standard error is at most 0.0016.
    result.forEach((posterior, i) => expect(posterior.pBest, `variant ${i}`).toBeCloseTo(pBest[i]!, 2));
    if (expectedLoss) result.forEach((posterior, i) => expect(posterior.expectedLoss, `variant ${i}`).toBeCloseTo(expectedLoss[i]!, 2));
    expect(result.reduce((sum, posterior) => sum + posterior.pBest, 0)).toBeCloseTo(1, 10);
  });

  it("agrees with the exact two-variant formula written here (the table's larger values)", () => {
    for (const [a, b] of [[arm(1000, 100), arm(1000, 120)], [arm(200, 20), arm(200, 30)], [arm(100, 5), arm(120, 12)]] as const) {
      expect(posteriors([a, b])[1]!.pBest).toBeCloseTo(exactProbabilityBBeatsA(a, b), 2);
    }
    expect(exactProbabilityBBeatsA(arm(1000, 100), arm(1000, 120))).toBeCloseTo(0.9231834389731917, 9);
  });

  it("gives the same figures for the same counts (a seeded generator), so the page does not flicker", () => {
    expect(posteriors([arm(300, 20), arm(300, 25), arm(300, 22)])).toEqual(posteriors([arm(300, 20), arm(300, 25), arm(300, 22)]));
  });
});

describe("the stopping rule (expected loss below a threshold)", () => {
  const rule = { lossThreshold: 0.002, minTrials: 100 };
  const verdict = (arms: Arm[]) => decide(arms, posteriors(arms), rule);

  it("keeps going before every variant has its minimum of visitors, however lopsided", () => {
    expect(verdict([arm(50, 1), arm(50, 20)])).toMatchObject({ leader: 1, stop: false });
  });
  it("keeps going while choosing either of two close variants could still cost more than the threshold", () => {
    expect(verdict([arm(300, 15), arm(300, 16)]).stop).toBe(false);
  });
  it("stops when two variants are so alike, on enough visitors, that choosing either costs less than the threshold", () => {
    expect(verdict([arm(20_000, 1000), arm(20_000, 1004)]).stop).toBe(true);
  });
  it("stops and names the leader once choosing it costs less than the threshold", () => {
    const decision = verdict([arm(4000, 200), arm(4000, 300), arm(4000, 210)]);
    expect(decision).toMatchObject({ leader: 1, stop: true });
    expect(decision.reason).toMatch(/^Stop/);
  });
});
