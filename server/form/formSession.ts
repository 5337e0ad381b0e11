// The session a form's submit leads to: the one its window's key already made, while that session is
// still open; otherwise one made now under the window's key, with the parameters first recorded for
// that key (sessionRequests.ts), so submits at once, or a retry after a crash, get the same session.
import type Stripe from 'stripe';
import type { StripeApi } from '../stripeClient';
import { stripeFailureOf } from '../sessions/stripeErrors';
import type { FormSubmissions } from './formSubmissions';
import type { SessionRequests } from '../sessions/sessionRequests';

export interface FormSessionOptions {
  stripe: StripeApi;
  submissions: FormSubmissions;
  sessionRequests: SessionRequests;
  /** Stripe's request options: the connected account (sessionPolicy.ts), if any. */
  requestOptions?: Stripe.RequestOptions;
}

/** What a submit asks for: its identity under the key (product, quantity) and the parameters a first attempt sends. */
export interface FormAsk {
  request: string;
  params: Stripe.Checkout.SessionCreateParams;
}

type Session = Stripe.Checkout.Session;

/**
 * A submit on another instance under the same key while the first is at Stripe is answered 409
 * (`idempotency_key_in_use`): wait for the first to finish, then Stripe replays its session. About
 * 4 s in all, past Stripe's usual time to create a session.
 */
const IN_USE_WAITS_MS = [250, 500, 1000, 2000];

// The library makes a 409 a StripeAPIError (only a 400 of that type is a StripeIdempotencyError).
const keyInUse = (error: unknown) => stripeFailureOf(error)?.statusCode === 409;

/** A session a person can still pay on; null when it is over (paid, expired) or unknown to this account. */
async function stillOpen(stripe: StripeApi, sessionId: string, requestOptions: Stripe.RequestOptions): Promise<Session | null> {
  try {
    const session = await stripe.checkout.sessions.retrieve(sessionId, {}, requestOptions);
    return session.status === 'open' && session.url ? session : null;
  } catch (error) {
    if (stripeFailureOf(error, 'StripeInvalidRequestError')?.statusCode === 404) return null;
    throw error;
  }
}

export function formSessions({ stripe, submissions, sessionRequests, requestOptions = {} }: FormSessionOptions) {
  // Submits at once on this instance share one call; on another instance, the 409 is waited out.
  const inFlight = new Map<string, Promise<Session>>();
  async function create(ask: FormAsk, idempotencyKey: string): Promise<Session> {
    // The fingerprint names the product and quantity, so a window's key is never asked for another one.
    const fixed = await sessionRequests.fix(idempotencyKey, ask.request, () => ask.params);
    if (!fixed.ok) throw new Error(`Idempotency-Key ${idempotencyKey} was first used for another request.`);
    return createWhenFree(fixed.params, idempotencyKey, IN_USE_WAITS_MS);
  }
  async function createWhenFree(
    params: Stripe.Checkout.SessionCreateParams,
    idempotencyKey: string,
    waits: readonly number[],
  ): Promise<Session> {
    try {
      return await stripe.checkout.sessions.create(params, { idempotencyKey, ...requestOptions });
    } catch (error) {
      if (!keyInUse(error) || waits.length === 0) throw error;
      await new Promise((resolve) => setTimeout(resolve, waits[0]));
      return createWhenFree(params, idempotencyKey, waits.slice(1));
    }
  }
  function shared(ask: FormAsk, idempotencyKey: string): Promise<Session> {
    let call = inFlight.get(idempotencyKey);
    if (!call) {
      call = create(ask, idempotencyKey);
      inFlight.set(idempotencyKey, call);
      const forget = () => inFlight.delete(idempotencyKey);
      call.then(forget, forget);
    }
    return call;
  }

  return async function sessionForSubmit(fingerprint: string, ask: FormAsk): Promise<Session> {
    let submit = await submissions.claim(fingerprint);
    if (submit.sessionId) {
      const open = await stillOpen(stripe, submit.sessionId, requestOptions);
      if (open) return open;
      submit = await submissions.renew(fingerprint, submit.idempotencyKey);
    }
    const session = await shared(ask, submit.idempotencyKey);
    await submissions.recordSession(fingerprint, submit.idempotencyKey, session.id);
    return session;
  };
}
