// The session a form's submit leads to: the one its window's key already made, while that session is
// still open; otherwise one made now under the window's key, with the parameters first recorded for
// that key (sessionRequests.ts), so submits at once, or a retry after a crash, get the same session.
import Stripe from 'stripe';
import type { Product } from '../sessions/catalog';
import type { FormSubmissions } from './formSubmissions';
import { checkoutSessionParams, type SessionOrigin } from '../sessions/sessionParams';
import type { SessionRequests } from '../sessions/sessionRequests';

export interface FormSessionOptions extends SessionOrigin {
  stripe: Stripe;
  submissions: FormSubmissions;
  sessionRequests: SessionRequests;
}

type Session = Stripe.Checkout.Session;

/**
 * A submit on another instance under the same key while the first is at Stripe is answered 409
 * (`idempotency_key_in_use`): wait for the first to finish, then Stripe replays its session. About
 * 4 s in all, past Stripe's usual time to create a session.
 */
const IN_USE_WAITS_MS = [250, 500, 1000, 2000];

// The library makes a 409 a StripeAPIError (only a 400 of that type is a StripeIdempotencyError).
const keyInUse = (error: unknown) => error instanceof Stripe.errors.StripeError && error.statusCode === 409;

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
  // Submits at once on this instance share one call; on another instance, the 409 is waited out.
  const inFlight = new Map<string, Promise<Session>>();
  async function create(product: Product, idempotencyKey: string): Promise<Session> {
    // The fingerprint names the product, so a window's key is never asked for another one.
    const fixed = await sessionRequests.fix(idempotencyKey, JSON.stringify([product.id, 'redirect']), () => checkoutSessionParams(product, 'redirect', origin));
    if (!fixed.ok) throw new Error(`Idempotency-Key ${idempotencyKey} was first used for another request.`);
    return createWhenFree(fixed.params, idempotencyKey, IN_USE_WAITS_MS);
  }
  async function createWhenFree(params: Stripe.Checkout.SessionCreateParams, idempotencyKey: string, waits: readonly number[]): Promise<Session> {
    try {
      return await stripe.checkout.sessions.create(params, { idempotencyKey });
    } catch (error) {
      if (!keyInUse(error) || waits.length === 0) throw error;
      await new Promise((resolve) => setTimeout(resolve, waits[0]));
      return createWhenFree(params, idempotencyKey, waits.slice(1));
    }
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
