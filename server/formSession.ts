// The session a form's submit leads to: the one its window's key already made, while that session is
// still open; otherwise one made now under the window's key, with the parameters first recorded for
// that key (sessionRequests.ts), so submits at once, or a retry after a crash, get the same session.
import Stripe from 'stripe';
import type { Product } from './catalog';
import type { FormSubmissions } from './formSubmissions';
import { checkoutSessionParams, type SessionOrigin } from './sessionParams';
import type { SessionRequests } from './sessionRequests';

export interface FormSessionOptions extends SessionOrigin {
  stripe: Stripe;
  submissions: FormSubmissions;
  sessionRequests: SessionRequests;
}

type Session = Stripe.Checkout.Session;

/** A session a person can still pay on; null when it is over (paid, expired) or unknown to this account. */
async function stillOpen(stripe: Stripe, sessionId: string): Promise<Session | null> {
  try {
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    return session.status === 'open' && session.url ? session : null;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
    throw error;
  }
}

export function formSessions({ stripe, submissions, sessionRequests, ...origin }: FormSessionOptions) {
  // Submits at once on this instance share one call (Stripe answers a second request 409 while the
  // first with its key is in flight); on another instance, the `stripe` library retries the 409.
  const inFlight = new Map<string, Promise<Session>>();
  async function create(product: Product, idempotencyKey: string): Promise<Session> {
    // The fingerprint names the product, so a window's key is never asked for another one.
    const fixed = await sessionRequests.fix(idempotencyKey, JSON.stringify([product.id, 'redirect']), () => checkoutSessionParams(product, 'redirect', origin));
    if (!fixed.ok) throw new Error(`Idempotency-Key ${idempotencyKey} was first used for another request.`);
    return stripe.checkout.sessions.create(fixed.params, { idempotencyKey });
  }
  function shared(product: Product, idempotencyKey: string): Promise<Session> {
    let call = inFlight.get(idempotencyKey);
    if (!call) {
      call = create(product, idempotencyKey);
      inFlight.set(idempotencyKey, call);
      const forget = () => inFlight.delete(idempotencyKey);
      call.then(forget, forget);
    }
    return call;
  }

  return async function sessionForSubmit(fingerprint: string, product: Product): Promise<Session> {
    let submit = await submissions.claim(fingerprint);
    if (submit.sessionId) {
      const open = await stillOpen(stripe, submit.sessionId);
      if (open) return open;
      submit = await submissions.renew(fingerprint, submit.idempotencyKey);
    }
    const session = await shared(product, submit.idempotencyKey);
    await submissions.recordSession(fingerprint, submit.idempotencyKey, session.id);
    return session;
  };
}
