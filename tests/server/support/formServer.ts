// The checkout routes with the form's idempotency over a PGlite in memory, against the Stripe API
// stand-in, and a browser's form post to them: what the form tests share.
import type Stripe from 'stripe';
import { catalogOf, DEMO_PRODUCTS, type Catalog } from '../../../server/sessions/catalog';
import type { Database } from '../../../server/db/sql';
import { sqlFormSubmissions } from '../../../server/form/formSubmissions';
import type { ClientLimits } from '../../../server/limits/rateLimit';
import { CHECKOUT_PATHS, createCheckoutHandlers } from '../../../server/routes';
import { sqlOrders } from '../../../server/orders/orderStore';
import { sqlSessionRequests } from '../../../server/sessions/sessionRequests';
import { serveRoutes, type Served } from '../../support/serveHandler';
import type { TrustProxy } from '../../../server/adapters/trustProxy';
import { setUpCheckoutRoutes, type CheckoutRoutesFixture } from './checkoutRoutes';

export const RETURN_PAGE = 'https://shop.example/checkout/return';
export const SHOP = 'https://shop.example';
/** The form's fields for the catalog's first product. */
export const COFFEE = { productId: 'coffee-beans-1kg' };

let people = 0;
/** A different person (User-Agent) each call, so that no test replays another's session. */
export const person = () => ({ 'User-Agent': `Browser/${++people}` });

export interface FormServerOptions {
  stripe: Stripe;
  db: Database;
  catalog?: Catalog;
  rateLimit?: ClientLimits | false;
  formOrigins?: string[];
  windowMs?: number;
  bodyTimeoutMs?: number;
  log?: (message: string) => void;
  /** Proxies the Node adapter trusts to name the client. */
  trustProxy?: TrustProxy;
}

export function serveFormRoutes(options: FormServerOptions): Promise<Served> {
  const {
    stripe,
    db,
    catalog = catalogOf(DEMO_PRODUCTS),
    rateLimit = false,
    formOrigins,
    windowMs,
    bodyTimeoutMs,
    log = () => {},
    trustProxy,
  } = options;
  const formSubmissions = sqlFormSubmissions(db, windowMs);
  const handlers = createCheckoutHandlers({
    stripe,
    catalog,
    returnPage: RETURN_PAGE,
    orders: sqlOrders(db),
    sessionRequests: sqlSessionRequests(db),
    fulfil: async () => {},
    rateLimit,
    formSubmissions,
    formOrigins,
    bodyTimeoutMs,
    log,
  });
  return serveRoutes(handlers, { trustProxy });
}

/**
 * A form post as Chromium sends it from a page of the shop (same-site to the API), unless told
 * otherwise; a header given as '' is not sent. A GET is a navigation (no body, no Content-Type).
 */
export function postForm(base: string, fields: Record<string, string>, headers: Record<string, string> = {}, method = 'POST') {
  const all: Record<string, string> = {
    ...(method === 'GET' ? {} : { 'Content-Type': 'application/x-www-form-urlencoded' }),
    'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0.0.0',
    Accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
    'Sec-Fetch-Site': 'same-site',
    'Sec-Fetch-Mode': 'navigate',
    'Sec-Fetch-Dest': 'document',
    Origin: SHOP,
    Referer: `${SHOP}/coffee`,
    ...headers,
  };
  return fetch(`${base}${CHECKOUT_PATHS.sessions}`, {
    method,
    redirect: 'manual',
    headers: Object.fromEntries(Object.entries(all).filter(([, value]) => value !== '')),
    body: method === 'GET' ? undefined : new URLSearchParams(fields).toString(),
  });
}

/** Every session the stand-in made, oldest first. */
export async function standInSessions(stripe: Stripe): Promise<Stripe.Checkout.Session[]> {
  const all: Stripe.Checkout.Session[] = [];
  for await (const session of stripe.checkout.sessions.list({ limit: 100 })) all.push(session);
  return all.reverse();
}

/** The suite's stand-in, store and form routes (`server`), and more instances over them. */
export type FormServerFixture = CheckoutRoutesFixture;

/** The API stand-in, an in-memory store and the form's routes over them, for a whole test file (tests/server/form/). */
export function setUpFormServer(): FormServerFixture {
  return setUpCheckoutRoutes({
    serve: true,
    routes: ({ store }) => ({ returnPage: RETURN_PAGE, formSubmissions: sqlFormSubmissions(store.db) }),
  });
}
