// The networks and CPUs the bench runs on. Our servers are throttled by Chromium (CDP network
// emulation), the page's main thread by CDP CPU throttling (a phone runs script about 4× slower than
// this VM's cores);
// Stripe.js is answered by a route, which Chromium does not throttle, so the route waits for what
// the same network would cost it: a new connection to another origin (DNS, TCP, TLS: 3 round trips),
// the request's round trip, and the script's bytes at the downlink.

export interface Profile {
  name: string;
  /** Round trip added to every request to our servers (ms). */
  rttMs: number;
  /** Downlink and uplink in bytes per second; -1 = not throttled. */
  downBytesPerS: number;
  upBytesPerS: number;
  /** CPU slowdown (CDP `Emulation.setCPUThrottlingRate`); 1 = this machine's speed. */
  cpuRate: number;
}

const mbit = (n: number) => (n * 1_000_000) / 8;

export const PROFILES: Profile[] = [
  { name: 'loopback', rttMs: 0, downBytesPerS: -1, upBytesPerS: -1, cpuRate: 1 },
  { name: '4g', rttMs: 80, downBytesPerS: mbit(12), upBytesPerS: mbit(6), cpuRate: 4 },
  { name: 'mobile', rttMs: 150, downBytesPerS: mbit(1.6), upBytesPerS: mbit(0.75), cpuRate: 4 },
];

/** What the real Stripe.js weighs on the wire (compressed), for its transfer time. */
export const STRIPE_JS_WIRE_BYTES = 40_000;

/** How long the routed Stripe.js waits before it answers, on this profile. */
export function stripeDelayMs(profile: Profile): number {
  if (profile.rttMs === 0) return 0;
  return Math.round(4 * profile.rttMs + (STRIPE_JS_WIRE_BYTES / profile.downBytesPerS) * 1000);
}

/** One line for the report and the console: what this profile emulates. */
export function describeProfile(profile: Profile): string {
  const cpu = profile.cpuRate > 1 ? `, CPU ${profile.cpuRate}× slower` : '';
  if (!profile.rttMs) return `loopback, no network throttling${cpu}; Stripe.js answered at once`;
  const mbits = ((profile.downBytesPerS * 8) / 1e6).toFixed(1);
  return `${profile.rttMs} ms round trip, ${mbits} Mbit/s down (CDP emulation)${cpu}; Stripe.js answered after ${stripeDelayMs(profile)} ms`;
}
