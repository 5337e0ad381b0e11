// The example server's small API, as the browser uses it. Types are shared with host-example/server.
import type { CheckoutMode } from '../remote/checkoutTypes';
import type { CartLine } from './catalogue';

export type ExampleMode = 'stripe' | 'demo';

export interface PublicConfig {
  mode: ExampleMode;
  /** Stripe mode only; demo mode uses a made-up test key. */
  publishableKey: string | null;
  notice: string | null;
}

/** What the button sends to POST /api/checkout-sessions (its `sessionBody`). */
export interface SessionRequestBody {
  items: CartLine[];
  mode: CheckoutMode;
}

export interface SessionSummary {
  id: string;
  status: 'open' | 'complete' | 'expired';
  paid: boolean;
  amountTotal: number | null;
  currency: string | null;
  lines: { name: string; quantity: number }[];
  demo: boolean;
}

export const SESSIONS_ENDPOINT = '/api/checkout-sessions';

export async function fetchConfig(): Promise<PublicConfig> {
  try {
    const response = await fetch('/api/config', { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`);
    return (await response.json()) as PublicConfig;
  } catch (error) {
    // Served by something other than the example's servers: the demo still works, minus the API.
    console.warn('[host-example] no /api/config, running the offline demo:', error);
    return { mode: 'demo', publishableKey: null, notice: 'The example API is not answering: sessions will fail.' };
  }
}

export async function fetchSessionSummary(id: string): Promise<SessionSummary> {
  const response = await fetch(`${SESSIONS_ENDPOINT}/${encodeURIComponent(id)}`, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`The session ${id} could not be found (${response.status}).`);
  return (await response.json()) as SessionSummary;
}
