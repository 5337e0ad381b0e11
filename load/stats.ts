// The load run's arithmetic: percentiles, and latencies bucketed per second for the picture.

export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export interface Sample {
  /** ms since the phase began */
  at: number;
  latencyMs: number;
}

export interface SecondStats {
  second: number;
  count: number;
  p50: number;
  p99: number;
}

export function perSecond(samples: Sample[]): SecondStats[] {
  const buckets = new Map<number, number[]>();
  for (const { at, latencyMs } of samples) {
    const second = Math.floor(at / 1000);
    const bucket = buckets.get(second) ?? [];
    bucket.push(latencyMs);
    buckets.set(second, bucket);
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => a - b)
    .map(([second, values]) => ({ second, count: values.length, p50: percentile(values, 50), p99: percentile(values, 99) }));
}
