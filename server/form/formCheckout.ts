// POST from a plain HTML form (no JavaScript): `productId` (and optionally `quantity`) or a cart's
// `lines[i][productId]`/`lines[i][quantity]`, optionally `mode` and `formKey`, in;
// `303 See Other` to Stripe's hosted page out. Every refusal is a page in the person's language
// (formRefusal.ts), never JSON. Checked in this order: method, body size, the posting page's origin,
// the fields, the client's rate, then Stripe.
import Stripe from 'stripe';
import type { StripeApi } from '../stripeClient';
import type { Catalog } from '../sessions/catalog';
import { formFingerprint } from './formFingerprint';
import { checkFormOrigin, originAllowance } from './formOrigin';
import { backLink, refusalResponse, type RefusalPage } from './formRefusal';
import { parseFormSubmission } from './formRequest';
import { formSessions } from './formSession';
import type { FormSubmissions } from './formSubmissions';
import { readBodyOrRefuse, type Handler } from '../http/http';
import { DEFAULT_INTEGRATION } from '../orders/ourSession';
import { clientLimiter, DEFAULT_LIMITS, type ClientLimiter, type ClientLimits } from '../limits/rateLimit';
import type { SessionRequests } from '../sessions/sessionRequests';
import { orderOf } from '../sessions/sessionParams';
import { requestIdentity } from '../sessions/sessionRequest';
import type { Cart } from '../sessions/cart';
import { accountOption, sessionParamsFor, type SessionPolicy } from '../sessions/sessionPolicy';
import { describeStripeFailure, stripeFailureOf } from '../sessions/stripeErrors';

export interface FormCheckoutOptions extends SessionPolicy {
  stripe: StripeApi;
  catalog: Catalog;
  returnPage: string;
  /** Where the form's idempotency is remembered (sqlFormSubmissions over the orders' database). */
  formSubmissions: FormSubmissions;
  /** The origins whose pages may post the form (formOriginsFromEnv); this server's own is always allowed. */
  formOrigins: readonly string[];
  /** The first parameters per Idempotency-Key, so every submit under a window's key sends the same. */
  sessionRequests: SessionRequests;
  integration?: string;
  log?: (message: string, error: unknown) => void;
  /** Its `sessions` budget (SESSION_RATE_LIMIT) limits the form's submits, in buckets of their own. */
  rateLimit?: ClientLimits | false;
  /** Where the budgets are kept (in memory from `rateLimit` by default); the form spends `formSessions`. */
  limiter?: ClientLimiter;
  /** How long a body may take to arrive (http.ts BODY_TIMEOUT_MS by default). */
  bodyTimeoutMs?: number;
}

const BODY_REFUSALS = { 400: 'form', 408: 'slow', 413: 'tooLarge' } as const;

/** Stripe refusing this server's key or parameters will refuse the next submit too: the person cannot help. */
const isSetUpFault = (error: unknown) =>
  stripeFailureOf(error, 'StripeAuthenticationError', 'StripePermissionError', 'StripeInvalidRequestError') !== null;

/** What the fingerprint names of the cart: a one-line cart as before carts, so a window open across a deploy stays one session. */
function fingerprintLines({ lines }: Cart): { productId: string; quantity: number } {
  if (lines.length === 1) return { productId: lines[0].product.id, quantity: lines[0].quantity };
  return { productId: lines.map(({ product, quantity }) => `${product.id}*${quantity}`).join(','), quantity: 1 };
}

export function formCheckoutHandler(options: FormCheckoutOptions): Handler {
  const {
    stripe,
    catalog,
    returnPage,
    formSubmissions,
    formOrigins,
    sessionRequests,
    integration = DEFAULT_INTEGRATION,
    log = console.error,
    rateLimit = DEFAULT_LIMITS,
    bodyTimeoutMs,
  } = options;
  const limit = options.limiter ?? clientLimiter(rateLimit);
  const sessionForSubmit = formSessions({ stripe, submissions: formSubmissions, sessionRequests, requestOptions: accountOption(options) });
  return async (request, context) => {
    const { clientAddress } = context;
    const { headers } = request;
    const isAllowed = originAllowance(formOrigins, headers.get('host') ?? new URL(request.url).host);
    const back = backLink(headers.get('referer'), isAllowed);
    const refuse = (page: RefusalPage) => refusalResponse(request, back, page);
    if (request.method !== 'POST') return refuse({ status: 405, reason: 'method', headers: { Allow: 'POST' } });
    const read = await readBodyOrRefuse(request, bodyTimeoutMs, (status, _message, extra) =>
      refuse({ status, reason: BODY_REFUSALS[status], headers: extra }),
    );
    if ('refusal' in read) return read.refusal;
    const origin = checkFormOrigin(headers, isAllowed);
    if (!origin.ok) {
      log('A payment form was refused (403): posted from another site.', origin.why);
      return refuse({ status: 403, reason: 'crossSite' });
    }
    const parsed = await parseFormSubmission(read.body, headers.get('content-type') ?? '', catalog);
    if (!parsed.ok) {
      log(`A payment form was refused (${parsed.status}).`, parsed.message);
      return refuse({ status: parsed.status, reason: parsed.reason });
    }
    const take = await limit('formSessions', clientAddress);
    if (!take.ok) return refuse({ status: 429, reason: 'busy', retryAfterSeconds: take.retryAfterSeconds });
    const { cart, formKey } = parsed.value;
    let session: Stripe.Checkout.Session;
    try {
      const fingerprint = formFingerprint({
        clientAddress,
        userAgent: headers.get('user-agent') ?? '',
        ...fingerprintLines(cart),
        formKey,
      });
      // A form leads to Stripe's hosted page, whatever mode it names (formRequest.ts).
      const params = await sessionParamsFor(orderOf(cart, 'redirect'), { returnPage, integration }, options, request, context);
      session = await sessionForSubmit(fingerprint, { request: requestIdentity(cart, 'redirect'), params });
    } catch (error) {
      const failure = describeStripeFailure(error, 'creating the Checkout Session for a form');
      log(failure.message, error);
      // Our own failure is a 500; Stripe's are 502, or 503 when it rate-limits the account.
      if (failure.status === 500) return refuse({ status: 500, reason: 'failed' });
      return refuse({ status: failure.status === 503 ? 503 : 502, reason: isSetUpFault(error) ? 'misconfigured' : 'unavailable' });
    }
    if (!session.url) {
      log('A payment form got no page to go to (502).', `Stripe's session ${session.id} has no url.`);
      return refuse({ status: 502, reason: 'unavailable' });
    }
    return new Response(null, { status: 303, headers: { Location: session.url, 'Content-Length': '0', 'Cache-Control': 'no-store' } });
  };
}
