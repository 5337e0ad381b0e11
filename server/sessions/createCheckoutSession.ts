// POST: the button's session endpoint. `{ productId, quantity?, mode }` in, `{ url }` (redirect),
// `{ clientSecret }` (embedded) or `{ clientSecret, expiresAt }` (wallets: seconds since the epoch) out; the button's Idempotency-Key goes to Stripe as the request's, so
// a retried click never makes a second session, and every attempt under it sends the first attempt's
// parameters (sessionRequests.ts), so Stripe never refuses the retry.
import type Stripe from 'stripe';
import type { StripeApi } from '../stripeClient';
import type { Catalog } from './catalog';
import { errorResponse, jsonResponse, readBodyOrRefuse, refuseMethod, type Handler } from '../http/http';
import { DEFAULT_INTEGRATION } from '../orders/ourSession';
import { clientLimiter, DEFAULT_LIMITS, type ClientLimiter, type ClientLimits } from '../limits/rateLimit';
import { accountOption, sessionParamsFor, type SessionPolicy } from './sessionPolicy';
import { orderOf } from './sessionParams';
import { parseSessionRequest, requestIdentity, type ButtonMode } from './sessionRequest';
import type { SessionRequests } from './sessionRequests';
import { describeStripeFailure } from './stripeErrors';

export interface CreateSessionOptions extends SessionPolicy {
  stripe: StripeApi;
  catalog: Catalog;
  /** The page Stripe sends the person back to, with `?session_id=…` (e.g. https://shop.example/checkout/return). */
  returnPage: string;
  /** Where a failure's details go (your logger); the browser gets a sentence. */
  log?: (message: string, error: unknown) => void;
  /** Stripe calls per client (rateLimit.ts): clicks, wallet sessions, status reads; `false` for none (a proxy in front limits already). */
  rateLimit?: ClientLimits | false;
  /** Where the budgets are kept: in memory by default (from `rateLimit`); a store shared by instances goes here. */
  limiter?: ClientLimiter;
  /** The first parameters per Idempotency-Key (sessionRequests.ts), so a retry sends the same ones. */
  sessionRequests: SessionRequests;
  /** The `metadata.integration` tag on every session created (ourSession.ts); CHECKOUT_INTEGRATION. */
  integration?: string;
  /** How long a request body may take to arrive before a 408 (http.ts, 10 s). */
  bodyTimeoutMs?: number;
}

/**
 * What the button gets back, or null when Stripe's session lacks what the mode needs. A wallet session
 * also says when it ends: `expiresAt` (Stripe's `expires_at`) and `expiresIn`, the seconds it has left
 * on this server's clock, which the button counts down on the page's own clock (a device's clock may
 * be hours off). No cookie names the session: a completion in the page names it itself.
 */
export function sessionReply(
  session: Pick<Stripe.Checkout.Session, 'url' | 'client_secret' | 'expires_at'>,
  mode: ButtonMode,
  nowSeconds = Math.floor(Date.now() / 1000),
) {
  if (mode === 'redirect') return session.url ? { url: session.url } : null;
  if (!session.client_secret) return null;
  if (mode !== 'wallets') return { clientSecret: session.client_secret };
  return { clientSecret: session.client_secret, expiresAt: session.expires_at, expiresIn: Math.max(0, session.expires_at - nowSeconds) };
}

export function createCheckoutSessionHandler(options: CreateSessionOptions): Handler {
  const {
    stripe,
    catalog,
    returnPage,
    log = console.error,
    rateLimit = DEFAULT_LIMITS,
    sessionRequests,
    integration = DEFAULT_INTEGRATION,
    bodyTimeoutMs,
  } = options;
  const limit = options.limiter ?? clientLimiter(rateLimit);
  return async (request, context) => {
    const { clientAddress } = context;
    const wrongMethod = refuseMethod(request, 'POST');
    if (wrongMethod) return wrongMethod;
    const read = await readBodyOrRefuse(request, bodyTimeoutMs);
    if ('refusal' in read) return read.refusal;
    const parsed = parseSessionRequest(read.body, request.headers, catalog);
    if (!parsed.ok) return errorResponse(parsed.status, parsed.message);
    const { cart, mode, idempotencyKey } = parsed.value;
    // Only requests that would reach Stripe spend a token: a malformed one costs the account nothing.
    // Wallet sessions come from page views, not clicks: their own bucket, so they never starve a click.
    const take = await limit(mode === 'wallets' ? 'walletSessions' : 'sessions', clientAddress);
    if (!take.ok) {
      const wait = String(take.retryAfterSeconds);
      return errorResponse(429, `Too many Checkout Sessions from this client; try again in ${wait} s.`, { 'Retry-After': wait });
    }
    const params = await sessionParamsFor(orderOf(cart, mode), { returnPage, integration }, options, request, context);
    const fixed = await sessionRequests.fix(idempotencyKey, requestIdentity(cart, mode), () => params);
    if (!fixed.ok)
      return errorResponse(
        409,
        'This Idempotency-Key was first used for another product, quantity or mode (another cart); a new click sends a new key.',
      );
    let session: Stripe.Checkout.Session;
    try {
      session = await stripe.checkout.sessions.create(fixed.params, { idempotencyKey, ...accountOption(options) });
    } catch (error) {
      const failure = describeStripeFailure(error, 'creating the Checkout Session');
      log(failure.message, error);
      return errorResponse(failure.status, failure.message);
    }
    const reply = sessionReply(session, mode);
    if (!reply) return errorResponse(502, `Stripe's session ${session.id} has no ${mode === 'redirect' ? 'url' : 'client_secret'}.`);
    return jsonResponse(200, reply);
  };
}
