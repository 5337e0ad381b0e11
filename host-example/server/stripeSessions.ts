// Stripe test mode: real Checkout Sessions for the example's catalogue, with the official library.
// Server side only: the secret key is read here and nowhere near a browser bundle.
import Stripe from 'stripe';
import type { CheckoutMode } from '../src/remote/checkoutTypes';
import type { SessionSummary } from '../src/shop/api';
import { CURRENCY, findProduct, type CartLine } from '../src/shop/catalogue';

/**
 * Our policy, not the library's defaults (80 s and no retry), for a person waiting on the button:
 * 6 s per request and one network retry (the library retries only what is safe to retry, with an
 * idempotency key) stay under the button's own session timeout (15 s by default), so the server
 * answers, even with an error, before the button gives up.
 */
export const STRIPE_REQUEST_TIMEOUT_MS = 6_000;
export const STRIPE_MAX_NETWORK_RETRIES = 1;

export type SessionResult = { url: string } | { clientSecret: string };

/** The button sends a fresh key per click; pass it on so a retried request cannot make two sessions. */
function idempotencyKeyFrom(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[A-Za-z0-9-]{16,64}$/.test(value) ? `host-example-${value}` : undefined;
}

export function createStripeSessions(secretKey: string) {
  const stripe = new Stripe(secretKey, {
    timeout: STRIPE_REQUEST_TIMEOUT_MS,
    maxNetworkRetries: STRIPE_MAX_NETWORK_RETRIES,
    appInfo: { name: 'checkout-remote host example' },
  });

  return {
    async create(lines: CartLine[], mode: CheckoutMode, origin: string, idempotencyHeader?: string | string[]): Promise<SessionResult> {
      const line_items = lines.map((line) => {
        const product = findProduct(line.id)!;
        return {
          quantity: line.quantity,
          price_data: {
            currency: CURRENCY,
            unit_amount: product.unitAmount,
            product_data: { name: product.name, description: product.description },
          },
        };
      });
      const returnUrl = `${origin}/success?session_id={CHECKOUT_SESSION_ID}`;
      const session = await stripe.checkout.sessions.create(
        mode === 'embedded'
          ? { mode: 'payment', line_items, ui_mode: 'embedded_page', return_url: returnUrl }
          : { mode: 'payment', line_items, success_url: returnUrl, cancel_url: `${origin}/cancel` },
        { idempotencyKey: idempotencyKeyFrom(idempotencyHeader) },
      );
      if (mode === 'embedded') {
        if (!session.client_secret) throw new Error('Stripe returned an embedded session without a client secret.');
        return { clientSecret: session.client_secret };
      }
      if (!session.url) throw new Error('Stripe returned a session without a URL.');
      return { url: session.url };
    },

    async retrieve(id: string): Promise<SessionSummary> {
      const session = await stripe.checkout.sessions.retrieve(id, { expand: ['line_items'] });
      return {
        id: session.id,
        status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
        paid: session.payment_status === 'paid',
        amountTotal: session.amount_total,
        currency: session.currency,
        lines: (session.line_items?.data ?? []).map((item) => ({ name: item.description ?? 'Item', quantity: item.quantity ?? 1 })),
        demo: false,
      };
    },
  };
}

export type StripeSessions = ReturnType<typeof createStripeSessions>;
