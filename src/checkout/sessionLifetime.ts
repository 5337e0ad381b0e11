// How long a wallet session has left, read on the server's clock: Stripe's `expires_at` is a moment
// on the server's clock, and a device's clock can be hours off (set by hand, a dead battery, a
// wrong time zone setting). The session endpoint says how many seconds are left (`expiresIn`), which
// needs no agreement between the clocks; only an answer without it (a host's own `createSession`)
// is read against the device's clock.
import type { SessionResult } from '../core/types';

/** The session's remaining life in ms, as its answer tells it; undefined when it does not say. */
export function sessionLifetimeMs(answer: SessionResult, deviceNow = Date.now()): number | undefined {
  if (!('clientSecret' in answer)) return undefined;
  if (answer.expiresIn !== undefined) return answer.expiresIn * 1000;
  return answer.expiresAt === undefined ? undefined : answer.expiresAt * 1000 - deviceNow;
}

/** When to renew a session with `lifeMs` left: `renewBeforeMs` before it ends, or halfway through a short life. */
export function renewalDelayMs(lifeMs: number, renewBeforeMs: number): number {
  return Math.max(0, lifeMs - Math.min(renewBeforeMs, lifeMs / 2));
}
