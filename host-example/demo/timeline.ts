// Demo-only: one timeline line per telemetry event of the button (its `onEvent`).
import type { CheckoutEvent } from '../../src/core/types';

export interface Line {
  /** ms since the page started (the event's `at`). */
  t: number;
  text: string;
  tone?: 'ok' | 'bad';
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function lineFor(event: CheckoutEvent): Line {
  const t = Math.round(event.at);
  switch (event.type) {
    case 'script_attempt':
      return { t, text: `Stripe.js requested (attempt ${event.attempt})` };
    case 'script_attempt_failed':
      return { t, text: `attempt ${event.attempt} failed after ${event.ms} ms: ${event.code}`, tone: 'bad' };
    case 'script_resolved':
      return { t, text: `Stripe.js ready in ${event.ms} ms (${plural(event.attempts, 'attempt')})`, tone: 'ok' };
    case 'script_rejected':
      return { t, text: `Stripe.js gave up after ${plural(event.attempts, 'attempt')} in ${event.ms} ms: ${event.code}`, tone: 'bad' };
    case 'session_start':
      return { t, text: 'session requested' };
    case 'session_end':
      return event.code
        ? { t, text: `session failed after ${event.ms} ms: ${event.code}`, tone: 'bad' }
        : { t, text: `session ready in ${event.ms} ms`, tone: 'ok' };
    case 'redirect':
      return { t, text: `redirect to ${event.origin}`, tone: 'ok' };
    case 'embedded_open':
      return { t, text: 'embedded Checkout opened' };
    case 'embedded_close':
      return event.completed ? { t, text: 'payment complete', tone: 'ok' } : { t, text: 'embedded Checkout closed' };
    case 'embedded_analytics':
      return { t, text: `embedded Checkout: ${event.name}` };
    case 'embedded_complete':
      return { t, text: 'embedded Checkout reports completion', tone: 'ok' };
    case 'wallets_ready':
      return { t, text: `wallets shown: ${event.methods.join(', ')}`, tone: 'ok' };
    case 'wallet_confirm':
      return { t, text: `${event.method} authorised the payment` };
    case 'wallet_result':
      return event.code
        ? { t, text: `wallet payment failed after ${event.ms} ms: ${event.code}`, tone: 'bad' }
        : { t, text: `wallet payment complete in ${event.ms} ms`, tone: 'ok' };
    case 'wallet_cancel':
      return { t, text: 'wallet closed without paying' };
    case 'script_integrity_failed':
      return { t, text: `refused (integrity): ${event.url}`, tone: 'bad' };
  }
}
