// POST /api/stripe-webhook: Stripe's events, verified on the raw bytes with the endpoint's signing
// secret, and the order fulfilled once per session however often, in whatever order and to however
// many instances Stripe delivers. A 2xx tells Stripe "received"; a 400 "not from Stripe"; a 409 "being
// shipped by another delivery right now" and a 500 "failed": both mean "deliver again later".
// Verified with the Web Crypto provider, so the route runs where node:crypto does not (edge runtimes).
import Stripe from 'stripe';
import type { StripeApi } from '../stripeClient';
import { fulfilOnce, isPaid, type FulfilmentOptions } from './fulfilment';
import { errorResponse, jsonResponse, readBodyOrRefuse, refuseMethod, type Handler } from '../http/http';
import { notOurs } from './ourSession';
import { notThisAccount } from '../connect/whoseEvent';
import { handleSubscriptionEvent } from '../subscriptions/subscriptionEvents';
import type { SubscriptionOptions } from '../subscriptions/syncSubscription';

export interface WebhookOptions extends FulfilmentOptions {
  stripe: StripeApi;
  /** The endpoint's signing secret (whsec_…): STRIPE_WEBHOOK_SECRET, or what `stripe listen` prints. */
  secret: string;
  /** Seconds a signature stays valid (Stripe's default 300): older deliveries are refused as replays. */
  toleranceSeconds?: number;
  /** How long a request body may take to arrive before a 408 (http.ts, 10 s). */
  bodyTimeoutMs?: number;
  /** The connected account this server is for: only that account's events are acted on (connect/whoseEvent.ts). */
  stripeAccount?: string;
  /** The host's subscription hooks (subscriptions/): subscription events reach them, once per transition. */
  subscriptions?: SubscriptionOptions;
}

/** What each Checkout event does to the order: 'busy' when a live lease holds it. Other events are left alone. */
async function handleEvent(
  event: Stripe.Event,
  options: FulfilmentOptions & Pick<WebhookOptions, 'stripeAccount' | 'subscriptions'>,
): Promise<'done' | 'busy'> {
  const { orders, log = console.error } = options;
  const otherAccount = notThisAccount(event, options.stripeAccount);
  if (otherAccount) {
    log(`${event.type} (${event.id}) left alone: ${otherAccount}.`);
    return 'done';
  }
  const subscription = options.subscriptions ? await handleSubscriptionEvent(event, options.subscriptions) : null;
  if (subscription === 'busy') return 'busy';
  // A subscription-mode session's completion is also a Checkout event: the order's rules below see it too.
  if (subscription === 'done' && !event.type.startsWith('checkout.session.')) return 'done';
  // Another integration's session (a Payment Link, another shop, a setup session) is no order here:
  // acknowledged so Stripe stops, logged, and no row written.
  const foreign = event.type.startsWith('checkout.session.') && notOurs(event.data.object as Stripe.Checkout.Session, options.ours);
  if (foreign) {
    log(`${event.type} (${event.id}) left alone: ${foreign}.`);
    return 'done';
  }
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // Completed but 'unpaid': a delayed method still settling; async_payment_succeeded or _failed follows.
      if (!isPaid(session)) {
        await orders.note(session.id, 'awaiting_payment');
        return 'done';
      }
      const outcome = await fulfilOnce(session, options);
      if (outcome === 'not-payable') log(`${event.type} for ${session.id}, whose payment had failed or which had expired: not shipped.`);
      return outcome === 'in-progress' ? 'busy' : 'done';
    }
    case 'checkout.session.async_payment_failed':
      await orders.note(event.data.object.id, 'payment_failed');
      break;
    case 'checkout.session.expired':
      await orders.note(event.data.object.id, 'expired');
      break;
  }
  return 'done';
}

/** Web Crypto's HMAC: one provider for every request. */
const subtleCrypto = Stripe.createSubtleCryptoProvider();

export function stripeWebhookHandler({ stripe, secret, toleranceSeconds, bodyTimeoutMs, ...fulfilment }: WebhookOptions): Handler {
  const log = fulfilment.log ?? console.error;
  return async (request) => {
    const wrongMethod = refuseMethod(request, 'POST');
    if (wrongMethod) return wrongMethod;
    const signature = request.headers.get('stripe-signature');
    if (!signature) return errorResponse(400, 'Missing Stripe-Signature header.');
    const read = await readBodyOrRefuse(request, bodyTimeoutMs);
    if ('refusal' in read) return read.refusal;
    let event: Stripe.Event;
    try {
      // Over the exact bytes received: re-serialised JSON would not match the signature.
      event = await stripe.webhooks.constructEventAsync(read.body, signature, secret, toleranceSeconds, subtleCrypto);
    } catch (error) {
      return errorResponse(400, `Webhook signature refused: ${error instanceof Error ? error.message.split('\n')[0] : 'unreadable'}`);
    }
    let result: 'done' | 'busy';
    try {
      result = await handleEvent(event, { ...fulfilment, stripe });
    } catch (error) {
      log(`Webhook ${event.type} (${event.id}) failed; Stripe will deliver it again.`, error);
      return errorResponse(500, 'The event could not be handled now.');
    }
    // Never a 2xx while another delivery's fulfil may still fail: Stripe must keep this event.
    if (result === 'busy') return errorResponse(409, 'This order is being fulfilled by another delivery; deliver again later.');
    return jsonResponse(200, { received: true });
  };
}
