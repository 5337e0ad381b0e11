import { lineFor } from '../../host-example/demo/timeline';
import type { CheckoutEvent } from '../../src/core/types';

describe("the demo's timeline, drawn from the button's events", () => {
  it.each<[CheckoutEvent, string, string | undefined]>([
    [{ type: 'script_attempt', attempt: 1, at: 10.4 }, 'Stripe.js requested (attempt 1)', undefined],
    [
      { type: 'script_attempt_failed', attempt: 1, code: 'script_load_failed', ms: 120, at: 130 },
      'attempt 1 failed after 120 ms: script_load_failed',
      'bad',
    ],
    [{ type: 'script_resolved', attempts: 2, ms: 640, at: 650 }, 'Stripe.js ready in 640 ms (2 attempts)', 'ok'],
    [
      { type: 'script_rejected', attempts: 1, code: 'script_blocked', ms: 5, at: 15 },
      'Stripe.js gave up after 1 attempt in 5 ms: script_blocked',
      'bad',
    ],
    [{ type: 'session_end', ms: 300, at: 900 }, 'session ready in 300 ms', 'ok'],
    [{ type: 'session_end', ms: 300, code: 'session_timeout', at: 900 }, 'session failed after 300 ms: session_timeout', 'bad'],
    [{ type: 'redirect', origin: 'https://checkout.stripe.com', at: 901 }, 'redirect to https://checkout.stripe.com', 'ok'],
    [{ type: 'embedded_close', completed: true, at: 2000 }, 'payment complete', 'ok'],
  ])('%j reads "%s"', (event, text, tone) => {
    expect(lineFor(event)).toEqual({ t: Math.round(event.at), text, ...(tone ? { tone } : {}) });
  });
});
