// POST /api/stripe-webhook: Stripe's events, verified on the raw bytes with the endpoint's signing
// secret, and the order fulfilled once per session however often Stripe delivers. A 2xx tells Stripe
// "received"; a 400 "not from Stripe"; a 500 "try again later" (Stripe retries for days).
import type Stripe from 'stripe';
import { readRawBody, refuseMethod, sendError, sendJson, type Handler } from './http';
import type { Fulfil, OrderStore } from './orders';

export interface WebhookOptions {
  stripe: Stripe;
  /** The endpoint's signing secret (whsec_…): STRIPE_WEBHOOK_SECRET, or what `stripe listen` prints. */
  secret: string;
  orders: OrderStore;
  fulfil: Fulfil;
  /** Seconds a signature stays valid (Stripe's default 300): older deliveries are refused as replays. */
  toleranceSeconds?: number;
  log?: (message: string, error?: unknown) => void;
}

async function fulfilOnce(session: Stripe.Checkout.Session, orders: OrderStore, fulfil: Fulfil): Promise<void> {
  if (!(await orders.claimPaid(session.id))) return; // a repeated delivery: already fulfilled
  try {
    await fulfil(session);
  } catch (error) {
    await orders.releasePaid(session.id);
    throw error;
  }
}

/** What each Checkout event means for the order; every other event is acknowledged and left alone. */
async function handleEvent(event: Stripe.Event, { orders, fulfil }: Pick<WebhookOptions, 'orders' | 'fulfil'>): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      // 'unpaid': a delayed method still settling; async_payment_succeeded or _failed follows.
      if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') await fulfilOnce(session, orders, fulfil);
      return;
    }
    case 'checkout.session.async_payment_succeeded':
      return fulfilOnce(event.data.object, orders, fulfil);
    case 'checkout.session.async_payment_failed':
      return orders.markFailed(event.data.object.id);
  }
}

export function stripeWebhookHandler({ stripe, secret, orders, fulfil, toleranceSeconds, log = console.error }: WebhookOptions): Handler {
  return async (req, res) => {
    if (refuseMethod(req, res, 'POST')) return;
    const signature = req.headers['stripe-signature']?.toString();
    if (!signature) return sendError(res, 400, 'Missing Stripe-Signature header.');
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(await readRawBody(req), signature, secret, toleranceSeconds);
    } catch (error) {
      return sendError(res, 400, `Webhook signature refused: ${error instanceof Error ? error.message.split('\n')[0] : 'unreadable'}`);
    }
    try {
      await handleEvent(event, { orders, fulfil });
    } catch (error) {
      log(`Webhook ${event.type} (${event.id}) failed; Stripe will deliver it again.`, error);
      return sendError(res, 500, 'The event could not be handled now.');
    }
    sendJson(res, 200, { received: true });
  };
}
