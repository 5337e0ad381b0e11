// POST /api/billing-portal: the account page after the purchase. Opens Stripe's Customer Portal for the
// customer the host's own session names (`customerOf` reads the host's cookie or header: never an id
// from the browser), answering `{ url }` to the button's fetch and `303 See Other` to a plain form, so
// it works with JavaScript off. Nobody signed in: 401 (JSON, or a page in the person's language).
// A form posted from another site is refused, as the payment form's is (form/formOrigin.ts).
import type Stripe from 'stripe';
import type { StripeApi } from '../stripeClient';
import { checkFormOrigin, originAllowance } from '../form/formOrigin';
import { backLink, refusalResponse } from '../form/formRefusal';
import { isFormRequest } from '../form/formRequest';
import { errorResponse, jsonResponse, type CheckoutContext, type Handler } from '../http/http';
import { silentLogger, type Logger } from '../log/logger';
import { describeStripeFailure } from '../sessions/stripeErrors';
import { PORTAL_TEXTS, type PortalRefusal } from './portalTexts';

/** The signed-in customer's Stripe id (`cus_…`) from the host's own session, or null for nobody. */
export type CustomerOf = (request: Request, context: CheckoutContext) => Promise<string | null>;

export interface BillingPortalOptions {
  stripe: StripeApi;
  customerOf: CustomerOf;
  /**
   * Where the portal's "return" link leads. Unset: the page that opened it, when it is one of
   * `formOrigins`' (its Referer); otherwise the portal configuration's default return URL.
   */
  portalReturnUrl?: string;
  /** The pages that may open it (the payment form's origins); this server's own is always allowed. */
  formOrigins: readonly string[];
  /** The connected account the customers live on. */
  stripeAccount?: string;
  logger?: Logger;
}

export function billingPortalHandler({
  stripe,
  customerOf,
  portalReturnUrl,
  formOrigins,
  stripeAccount,
  logger = silentLogger,
}: BillingPortalOptions): Handler {
  return async (request, context) => {
    const form = isFormRequest(request);
    const isAllowed = originAllowance(formOrigins, request.headers.get('host') ?? new URL(request.url).host);
    const back = backLink(request.headers.get('referer'), isAllowed);
    const refuse = (status: number, reason: PortalRefusal, message: string, headers: Record<string, string> = {}) =>
      form ? refusalResponse(request, back, { status, reason, texts: PORTAL_TEXTS, headers }) : errorResponse(status, message, headers);
    if (request.method !== 'POST') return refuse(405, 'method', 'Use POST.', { Allow: 'POST' });
    const origin = checkFormOrigin(request.headers, isAllowed);
    if (!origin.ok) {
      logger.warn(
        { route: 'billing-portal', code: 'cross_site', why: origin.why },
        'The account page was refused (403): another site asked.',
      );
      return refuse(403, 'crossSite', 'The account page opens only from the shop’s own pages.');
    }
    const customer = await customerOf(request, context);
    if (!customer) return refuse(401, 'signedOut', 'Sign in to manage your subscription.');
    const returnUrl = portalReturnUrl ?? (back === '/' ? undefined : back);
    let portal: Stripe.BillingPortal.Session;
    try {
      portal = await stripe.billingPortal.sessions.create(
        { customer, ...(returnUrl ? { return_url: returnUrl } : {}) },
        stripeAccount ? { stripeAccount } : {},
      );
    } catch (err) {
      const failure = describeStripeFailure(err, 'opening the Customer Portal');
      logger.error({ route: 'billing-portal', code: 'portal_failed', err }, failure.message);
      if (failure.status === 500) return refuse(500, 'failed', failure.message);
      return refuse(failure.status === 503 ? 503 : 502, 'unavailable', failure.message);
    }
    if (!form) return jsonResponse(200, { url: portal.url });
    return new Response(null, { status: 303, headers: { Location: portal.url, 'Content-Length': '0', 'Cache-Control': 'no-store' } });
  };
}
