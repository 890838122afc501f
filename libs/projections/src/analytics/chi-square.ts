// Pearson's chi-square goodness of fit, with its p-value from the chi-square distribution
// (regularized upper incomplete gamma). simple-statistics gives the statistic's table but not a
// p-value, which the report needs to say how surprising the observed plunder rolls are.
import { chiSquaredDistributionTable } from 'simple-statistics';

export interface GoodnessOfFit {
  observations: number;
  statistic: number;
  degreesOfFreedom: number;
  pValue: number;
  /** The 0.005 critical value from simple-statistics' table (for degrees of freedom ≤ 30). */
  critical005: number | null;
}

const lnGamma = (z: number): number => {
  // Lanczos approximation (g = 7).
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
    9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (z < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * z)) - lnGamma(1 - z);
  const x = z - 1;
  let a = c[0] as number;
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += (c[i] as number) / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
};

/** Q(s, x): the regularized upper incomplete gamma function. */
export function upperGammaQ(s: number, x: number): number {
  if (x <= 0) return 1;
  if (x < s + 1) {
    let sum = 1 / s;
    let term = sum;
    for (let n = 1; n < 500; n++) {
      term *= x / (s + n);
      sum += term;
      if (term < sum * 1e-15) break;
    }
    return 1 - sum * Math.exp(-x + s * Math.log(x) - lnGamma(s));
  }
  // Continued fraction (Lentz).
  let b = x + 1 - s;
  let c = 1 / 1e-300;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 500; i++) {
    const an = -i * (i - s);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.exp(-x + s * Math.log(x) - lnGamma(s)) * h;
}

export function chiSquareGoodnessOfFit(observed: readonly number[], expectedShares: readonly number[]): GoodnessOfFit {
  const n = observed.reduce((a, b) => a + b, 0);
  let statistic = 0;
  observed.forEach((o, i) => {
    const e = n * (expectedShares[i] ?? 0);
    if (e > 0) statistic += ((o - e) * (o - e)) / e;
  });
  const degreesOfFreedom = observed.length - 1;
  const table = chiSquaredDistributionTable as unknown as Record<string, Record<string, number>>;
  return {
    observations: n,
    statistic,
    degreesOfFreedom,
    pValue: n === 0 ? 1 : upperGammaQ(degreesOfFreedom / 2, statistic / 2),
    critical005: table[String(degreesOfFreedom)]?.['0.005'] ?? null,
  };
}
