// The main-thread breakdown of each variant: a few extra visits, traced (tracing slows a page, so
// these are apart from the measured rounds), interleaved like them; the traced visit nearest its
// variant's median "usable" is broken down (mainThread.ts) from its last byte to its usable button.
import type { Browser } from 'playwright-core';
import { STRIPE_JS_ORIGIN } from '../src/stripe/policy';
import { breakDown, mainThreadOf, type Breakdown, type SourceOf, type TraceEvent } from './mainThread';
import { USABLE_MARK, visit, type Visit } from './measure';
import type { Profile } from './profiles';

export interface VariantBreakdown {
  visit: Omit<Visit, 'trace'>;
  /** When the last response the page asked for before its button showed ended (Stripe.js aside). */
  lastByteMs: number;
  afterLastByte: Breakdown;
  toUsable: Breakdown;
}

/** The end of the last response requested before the button was in the DOM; Stripe.js is not waited for. */
export function lastByteMs(v: Pick<Visit, 'marks' | 'requests'>): number {
  const dom = v.marks.dom ?? Infinity;
  const ends = v.requests.filter((r) => r.startMs < dom && !r.url.startsWith(STRIPE_JS_ORIGIN)).map((r) => r.endMs);
  return Math.max(0, ...ends);
}

/** The visit whose "usable" is nearest the median of all of them. */
export function nearestMedian<T extends Pick<Visit, 'marks'>>(visits: T[]): T {
  const usable = visits.map((v) => v.marks.usable ?? Infinity).sort((a, b) => a - b);
  const median = usable[Math.floor((usable.length - 1) / 2)];
  return visits.reduce((best, v) =>
    Math.abs((v.marks.usable ?? Infinity) - median) < Math.abs((best.marks.usable ?? Infinity) - median) ? v : best,
  );
}

export function analyse(traced: Visit, sourceOf: SourceOf): VariantBreakdown {
  const { trace, ...rest } = traced;
  const parsed = JSON.parse(trace!.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const usable = traced.marks.usable ?? 0;
  const thread = mainThreadOf(events, USABLE_MARK, usable);
  const last = Math.min(lastByteMs(traced), usable);
  return {
    visit: rest,
    lastByteMs: last,
    afterLastByte: breakDown(events, thread, last, usable, sourceOf),
    toUsable: breakDown(events, thread, 0, usable, sourceOf),
  };
}

/** `rounds` traced visits per variant, interleaved, and the breakdown of each variant's median one. */
export async function traceVariants<V extends string>(
  browser: Browser,
  urls: Record<V, string>,
  profile: Profile,
  rounds: number,
  sourceOf: SourceOf,
): Promise<Record<V, VariantBreakdown>> {
  const variants = Object.keys(urls) as V[];
  const visits = Object.fromEntries(variants.map((v) => [v, [] as Visit[]])) as Record<V, Visit[]>;
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? [...variants].reverse() : variants;
    for (const v of order) visits[v].push(await visit(browser, urls[v], profile, true));
  }
  return Object.fromEntries(variants.map((v) => [v, analyse(nearestMedian(visits[v]), sourceOf)])) as Record<V, VariantBreakdown>;
}
