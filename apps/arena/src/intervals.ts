// 95 % confidence intervals for a mean score in [0, 1].
import { Rng } from '@gdlkit/core';

const Z95 = 1.959963984540054;

/** Wilson's score interval for k successes in n trials (two outcomes). */
export function wilson(k: number, n: number, z = Z95): [number, number] {
  if (n === 0) return [0, 1];
  const p = k / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  // At k = 0 and k = n the bound is exactly 0 or 1; floating point would miss it by an ulp.
  return [k === 0 ? 0 : Math.max(0, centre - half), k === n ? 1 : Math.min(1, centre + half)];
}

/** Percentile bootstrap of the mean (for more than two outcomes, e.g. draws), seeded so reports repeat. */
export function bootstrapMean(values: readonly number[], resamples = 4000, seed = 1): [number, number] {
  const n = values.length;
  if (n === 0) return [0, 1];
  const rng = new Rng(seed);
  const means = new Float64Array(resamples);
  for (let b = 0; b < resamples; b++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += values[rng.nextInt(n)]!;
    means[b] = sum / n;
  }
  means.sort();
  const at = (q: number) => means[Math.min(resamples - 1, Math.max(0, Math.round(q * (resamples - 1))))]!;
  return [at(0.025), at(0.975)];
}

/** Wilson when every score is 0 or 1, the bootstrap otherwise. */
export function meanInterval(values: readonly number[]): { interval: [number, number]; method: string } {
  const binary = values.every((v) => v === 0 || v === 1);
  if (binary) {
    const k = values.filter((v) => v === 1).length;
    return { interval: wilson(k, values.length), method: 'wilson' };
  }
  return { interval: bootstrapMean(values), method: 'bootstrap' };
}
