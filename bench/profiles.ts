// The networks the bench runs on. Our servers are throttled by Chromium (CDP network emulation);
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
}

const mbit = (n: number) => (n * 1_000_000) / 8;

export const PROFILES: Profile[] = [
  { name: 'loopback', rttMs: 0, downBytesPerS: -1, upBytesPerS: -1 },
  { name: '4g', rttMs: 80, downBytesPerS: mbit(12), upBytesPerS: mbit(6) },
  { name: 'slow', rttMs: 150, downBytesPerS: mbit(1.6), upBytesPerS: mbit(0.75) },
];

/** What the real Stripe.js weighs on the wire (compressed), for its transfer time. */
export const STRIPE_JS_WIRE_BYTES = 40_000;

/** How long the routed Stripe.js waits before it answers, on this profile. */
export function stripeDelayMs(profile: Profile): number {
  if (profile.rttMs === 0) return 0;
  return Math.round(4 * profile.rttMs + (STRIPE_JS_WIRE_BYTES / profile.downBytesPerS) * 1000);
}
