// What Stripe's servers do when Stripe.js confirms a Checkout Elements session (a wallet authorised
// the payment): the session is paid, its events go out, and Stripe.js gets back where the session
// sends the person (`return_url`, the id in place of {CHECKOUT_SESSION_ID}). Stripe.js's own route is
// internal to Stripe: the stand-in answers this one, which the Stripe.js stand-in (stripeJs.ts)
// calls as Stripe.js authenticates, with the publishable key and the client secret, never a secret key.
import type { FormObject } from './formBody';
import type { CheckoutSessionBook } from './checkoutSessions';
import type { StandInEvent } from './standInEvents';

export const STRIPE_JS_CONFIRM_PATH = /^\/v1\/payment_pages\/(cs_\w+)\/confirm$/;

type Answer = { status: number; body: unknown; events: StandInEvent[] };
const refuse = (status: number, message: string): Answer => ({
  status,
  body: { error: { type: 'invalid_request_error', message } },
  events: [],
});

export function confirmFromStripeJs(book: CheckoutSessionBook, id: string, params: FormObject): Answer {
  if (typeof params.key !== 'string' || !/^pk_test_\w+$/.test(params.key))
    return refuse(401, 'Stripe.js confirms with a publishable key (pk_test_…).');
  const session = book.retrieve(id);
  if (!session || params.client_secret !== session.client_secret) return refuse(404, `No such checkout.session: '${id}'`);
  if (session.ui_mode !== 'elements') return refuse(400, `Session ${id} is not an elements session (ui_mode ${String(session.ui_mode)}).`);
  if (session.status !== 'open') return refuse(400, `This Checkout Session is no longer active (${String(session.status)}).`);
  const events = book.complete(id, 'paid');
  return { status: 200, body: { id, status: 'complete', return_url: book.returnUrl(id) }, events };
}
