// The session a form's submit leads to: the one its window's key already made, while that session is
// still open; otherwise one made now with the window's key, so that submits at once share it.
import Stripe from 'stripe';
import type { Product } from './catalog';
import type { FormSubmissions } from './formSubmissions';
import { checkoutSessionParams } from './sessionParams';

export interface FormSessionOptions {
  stripe: Stripe;
  returnPage: string;
  submissions: FormSubmissions;
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

export function formSessions({ stripe, returnPage, submissions }: FormSessionOptions) {
  // Submits at once on this instance share one call (Stripe would answer the second 409 while the
  // first is in flight); on other instances, the `stripe` library retries a 409.
  const inFlight = new Map<string, Promise<Session>>();
  const create = (product: Product, idempotencyKey: string) => {
    let call = inFlight.get(idempotencyKey);
    if (!call) {
      call = stripe.checkout.sessions.create(checkoutSessionParams(product, 'redirect', returnPage), { idempotencyKey });
      inFlight.set(idempotencyKey, call);
      void call.then(
        () => inFlight.delete(idempotencyKey),
        () => inFlight.delete(idempotencyKey),
      );
    }
    return call;
  };

  return async function sessionForSubmit(fingerprint: string, product: Product): Promise<Session> {
    let submit = await submissions.claim(fingerprint);
    if (submit.sessionId) {
      const open = await stillOpen(stripe, submit.sessionId);
      if (open) return open;
      submit = await submissions.renew(fingerprint, submit.idempotencyKey);
    }
    let session: Session;
    try {
      session = await create(product, submit.idempotencyKey);
    } catch (error) {
      // The key was first used with other parameters (the catalog's price changed within the window): a new key.
      if (!(error instanceof Stripe.errors.StripeIdempotencyError) || error.statusCode === 409) throw error;
      submit = await submissions.renew(fingerprint, submit.idempotencyKey);
      session = await create(product, submit.idempotencyKey);
    }
    await submissions.recordSession(fingerprint, submit.idempotencyKey, session.id);
    return session;
  };
}
