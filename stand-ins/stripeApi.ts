// A stand-in for Stripe's API, for the tests and the offline demo: the official `stripe` library is
// pointed at it (`new Stripe(key, { host: '127.0.0.1', port, protocol: 'http' })`). It answers the
// Checkout Session calls our server makes (create, retrieve, list), refuses what the real API refuses
// at the one version it models (checkoutSessionRules.ts, sessionList.ts), keeps Stripe's idempotency rules (idempotencyKeys.ts), records every request, and lets
// a test play Stripe's side of a payment (complete, expire), delivering signed webhooks if asked.
// It is NOT Stripe.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { decodeForm } from './formBody';
import { MODELLED_API_VERSION, refuseSessionParams } from './checkoutSessionRules';
import { CheckoutSessionBook, type CompletionOutcome } from './checkoutSessions';
import type { StandInEvent } from './standInEvents';
import { idempotencyKeys, stripeError, type StandInAnswer } from './idempotencyKeys';
import { DEFAULT_CONNECTED_ACCOUNTS, DEFAULT_STAND_IN_PRICES, PriceBook, type StandInPrice } from './prices';
import { listLineItems } from './lineItems';
import { listSessions } from './sessionList';
import { confirmFromStripeJs, STRIPE_JS_CONFIRM_PATH } from './stripeJsConfirm';
import { SubscriptionBook } from './subscriptions';
import { answerSubscriptions, type PortalConfiguration } from './subscriptionRoutes';

export { MODELLED_API_VERSION, type CompletionOutcome, type StandInEvent, type StandInPrice };

export interface RecordedRequest {
  method: string;
  path: string;
  /** Lower-case names, as Node reads them (`idempotency-key`, `stripe-version`, `authorization`). */
  headers: Record<string, string>;
  params: Record<string, unknown>;
  status: number;
}

export interface WebhookDelivery {
  type: string;
  status: number;
}

export interface StripeApiStandInOptions {
  port?: number;
  /** Where completions and expiries send their events, signed with `secret` as Stripe would. */
  webhook?: { url: string; secret: string };
  /** The stand-in's clock in ms, for sessions created "days ago". */
  now?: () => number;
  /** How long creating a session takes (a slow Stripe): meanwhile a request under the same key gets 409. */
  createLatencyMs?: number;
  /** The Prices sessions may name (DEFAULT_STAND_IN_PRICES: `price_1` on the platform). */
  prices?: readonly StandInPrice[];
  /** The connected accounts a `Stripe-Account` header may name (DEFAULT_CONNECTED_ACCOUNTS); others are refused 403. */
  connectedAccounts?: readonly string[];
  /** Where a hosted_page session's `url` leads: `https://checkout.stripe.com/c/pay/<id>#stand-in` by default. */
  hostedPageUrl?: (sessionId: string) => string;
  /** The Customer Portal's configuration: its default return URL (none by default: a session must name one). */
  portal?: PortalConfiguration;
  /** Answers a request before the API does (the stand-in's hosted page on the API's own port); true when it has. */
  page?: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<boolean>;
  /** Told of every webhook delivery once it has an answer (status 0: nothing answered). */
  onDelivery?: (delivery: WebhookDelivery) => void;
}

export interface StripeApiStandIn {
  url: string;
  port: number;
  readonly requests: RecordedRequest[];
  readonly deliveries: WebhookDelivery[];
  /**
   * Holds every session create inside "Stripe" (after its idempotency key is taken, so a request under
   * the same key meanwhile gets 409) until `release()`: a test waits for `reached(n)`, never a sleep.
   */
  holdCreates(): CreateHold;
  /** The person finished paying; resolves once the events are delivered. Returns where Stripe sends them back to. */
  complete(sessionId: string, outcome: CompletionOutcome): Promise<{ returnUrl: string | null }>;
  settle(sessionId: string, result: 'succeeded' | 'failed'): Promise<void>;
  expire(sessionId: string): Promise<{ returnUrl: string | null }>;
  /** Customers and subscriptions: a test starts, renews, fails, updates and cancels them, and gets Stripe's events. */
  readonly subscriptions: SubscriptionBook;
  /** Delivers events to the webhook (signed), in the order given. */
  deliver(events: StandInEvent[]): Promise<void>;
  close(): Promise<void>;
}

export interface CreateHold {
  /** Resolves once `count` creates (default 1) are held at the stand-in. */
  reached(count?: number): Promise<void>;
  /** Lets every held create, and every later one, go on. */
  release(): void;
}

/** A gate the creates wait at, counting those that arrived. */
function createHold(): CreateHold & { arrive(): Promise<void> } {
  let arrived = 0;
  const waiting: Array<{ count: number; resolve: () => void }> = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    arrive() {
      arrived += 1;
      for (const waiter of waiting.filter((w) => arrived >= w.count)) waiter.resolve();
      return released;
    },
    reached: (count = 1) => (arrived >= count ? Promise.resolve() : new Promise((resolve) => waiting.push({ count, resolve }))),
    release: () => release(),
  };
}

/** The test-only control routes (not Stripe's): `POST <url>/_stand-in/checkout/sessions/:id/{complete,settle,expire}`. */
export const CONTROL_PREFIX = '/_stand-in/checkout/sessions/';

const signer = new Stripe('sk_test_standInSigner');

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

/** The API key check Stripe makes first; its message masks the key as Stripe's does. */
function refuseKey(authorization: string | undefined) {
  const key = authorization?.replace(/^Bearer /, '') ?? '';
  if (!key) return stripeError(401, { type: 'invalid_request_error', message: 'You did not provide an API key.' });
  if (!/^(sk|rk)_test_\w+$/.test(key)) {
    return stripeError(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}` });
  }
  return null;
}

/** The account a request is made for: none (the platform), a connected one, or a refusal as Stripe's. */
function accountOf(
  header: string | string[] | undefined,
  known: readonly string[],
): { account: string | undefined } | { refusal: StandInAnswer } {
  if (header === undefined) return { account: undefined };
  const account = String(header);
  if (known.includes(account)) return { account };
  return {
    refusal: stripeError(403, {
      type: 'invalid_request_error',
      code: 'account_invalid',
      message: `The provided key 'sk_test_****' does not have access to account '${account.slice(0, 40)}' (or that account does not exist). Application access may have been revoked.`,
    }),
  };
}

export async function startStripeApiStandIn(options: StripeApiStandInOptions = {}): Promise<StripeApiStandIn> {
  const prices = new PriceBook(options.prices ?? DEFAULT_STAND_IN_PRICES);
  const connectedAccounts = options.connectedAccounts ?? DEFAULT_CONNECTED_ACCOUNTS;
  const requests: RecordedRequest[] = [];
  const deliveries: WebhookDelivery[] = [];
  const once = idempotencyKeys(options.now);
  let hold: ReturnType<typeof createHold> | undefined;
  const subscriptions = new SubscriptionBook(options.now);
  const book = new CheckoutSessionBook(options.now, options.hostedPageUrl, (plan) => subscriptions.start(plan));

  async function deliver(events: StandInEvent[]): Promise<void> {
    if (!options.webhook) return;
    const { url, secret } = options.webhook;
    for (const event of events) {
      const payload = JSON.stringify(event, null, 2);
      const header = signer.webhooks.generateTestHeaderString({ payload, secret });
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header },
        body: payload,
      }).catch(() => null);
      const delivery = { type: event.type, status: res?.status ?? 0 };
      deliveries.push(delivery);
      options.onDelivery?.(delivery);
    }
  }

  async function createSession(body: string, key: string | undefined, account: string | undefined): Promise<StandInAnswer> {
    const params = decodeForm(body);
    const scope = { prices, account };
    const refusal = () => {
      const error = refuseSessionParams(params, scope);
      return error ? stripeError(400, error) : null;
    };
    // Keys are per account, as Stripe keeps them.
    const execute = async () => {
      if (options.createLatencyMs) await new Promise((resolve) => setTimeout(resolve, options.createLatencyMs));
      if (hold) await hold.arrive();
      return { status: 200, body: book.create(params, scope) };
    };
    return once(key, body, refusal, execute, account);
  }

  async function control(path: string, body: string): Promise<{ status: number; body: unknown }> {
    const [id, action] = path.slice(CONTROL_PREFIX.length).split('/');
    const input = (body ? JSON.parse(body) : {}) as { outcome?: CompletionOutcome; result?: 'succeeded' | 'failed' };
    try {
      if (action === 'complete') await deliver(book.complete(id, input.outcome ?? 'paid'));
      else if (action === 'settle') await deliver(book.settle(id, input.result ?? 'succeeded'));
      else if (action === 'expire') await deliver(book.expire(id));
      else return { status: 404, body: { error: `unknown action ${action}` } };
    } catch (error) {
      return { status: 409, body: { error: (error as Error).message } };
    }
    return { status: 200, body: { returnUrl: book.returnUrl(id) } };
  }

  async function answer(req: http.IncomingMessage, body: string) {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (url.pathname.startsWith(CONTROL_PREFIX) && req.method === 'POST') return control(url.pathname, body);
    // Stripe.js's confirm (publishable key): before the secret-key check.
    const confirm = STRIPE_JS_CONFIRM_PATH.exec(url.pathname);
    if (confirm && req.method === 'POST') {
      const { events, ...reply } = confirmFromStripeJs(book, confirm[1], decodeForm(body));
      await deliver(events);
      return reply;
    }
    const keyRefusal = refuseKey(req.headers.authorization);
    if (keyRefusal) return keyRefusal;
    const version = req.headers['stripe-version'];
    if (version !== undefined && version !== MODELLED_API_VERSION) {
      return stripeError(400, {
        type: 'invalid_request_error',
        message: `Invalid Stripe API version: ${String(version)} (the stand-in models ${MODELLED_API_VERSION} only).`,
      });
    }
    const scope = accountOf(req.headers['stripe-account'], connectedAccounts);
    if ('refusal' in scope) return scope.refusal;
    const { account } = scope;
    if (url.pathname === '/v1/checkout/sessions' && req.method === 'POST')
      return createSession(body, req.headers['idempotency-key']?.toString(), account);
    if (url.pathname === '/v1/checkout/sessions' && req.method === 'GET')
      return listSessions(book.newestFirst(account), decodeForm(url.search.slice(1)));
    const items = /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/.exec(url.pathname);
    if (items && req.method === 'GET') {
      const id = decodeURIComponent(items[1]);
      const lines = book.lineItems(id, account);
      if (lines) return listLineItems(id, lines, decodeForm(url.search.slice(1)));
      return stripeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'session',
        message: `No such checkout.session: '${items[1]}'`,
      });
    }
    const billing = answerSubscriptions(
      subscriptions,
      { method: req.method ?? '', path: url.pathname, search: url.search.slice(1), body, account },
      options.portal ?? {},
    );
    if (billing) return billing;
    const one = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (one && req.method === 'GET') {
      const query = decodeForm(url.search.slice(1));
      const expand = Array.isArray(query.expand) ? (query.expand as string[]) : [];
      const id = decodeURIComponent(one[1]);
      // Another account's session does not exist for this one.
      const session = book.accountOf(id) === account ? book.retrieve(id, expand) : undefined;
      if (session) return { status: 200, body: session };
      return stripeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'session',
        message: `No such checkout.session: '${one[1]}'`,
      });
    }
    return stripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname}).` });
  }

  const serve = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (options.page && (await options.page(req, res))) return;
    const body = await readBody(req).catch(() => '');
    const result: StandInAnswer = await answer(req, body).catch((error: unknown) => ({
      status: 500,
      body: { error: { type: 'api_error', message: `stand-in failure: ${String(error)}` } },
    }));
    if (!req.url?.startsWith(CONTROL_PREFIX)) {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const query = decodeForm(new URL(req.url ?? '/', 'http://stand-in').search.slice(1));
      requests.push({
        method: req.method ?? '',
        path: (req.url ?? '').split('?')[0],
        headers,
        params: req.method === 'GET' ? query : decodeForm(body),
        status: result.status,
      });
    }
    res.writeHead(result.status, {
      'Content-Type': 'application/json',
      // As api.stripe.com: Stripe.js calls it from any page.
      'Access-Control-Allow-Origin': '*',
      'Request-Id': `req_${Math.random().toString(36).slice(2, 12)}`,
      ...(result.replayed ? { 'Idempotent-Replayed': 'true' } : {}),
    });
    res.end(JSON.stringify(result.body));
  };
  // What `answer` throws is already a 500 above; anything after it (recording the request) is one too.
  const server = http.createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: `stand-in failure: ${String(error)}` } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    requests,
    deliveries,
    holdCreates: () => (hold = createHold()),
    subscriptions,
    deliver,
    ...controlStandIn(url),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Plays Stripe's side of a payment on a stand-in running elsewhere (another process), by its URL. */
export function controlStandIn(url: string): Pick<StripeApiStandIn, 'complete' | 'settle' | 'expire'> {
  const post = async (path: string, input: unknown) => {
    const res = await fetch(`${url}${CONTROL_PREFIX}${path}`, { method: 'POST', body: JSON.stringify(input) });
    const reply = (await res.json()) as { returnUrl?: string | null; error?: string };
    if (!res.ok) throw new Error(reply.error ?? `stand-in control answered ${res.status}`);
    return { returnUrl: reply.returnUrl ?? null };
  };
  return {
    complete: (id, outcome) => post(`${id}/complete`, { outcome }),
    settle: async (id, result) => void (await post(`${id}/settle`, { result })),
    expire: (id) => post(`${id}/expire`, {}),
  };
}

/** A `stripe` client that talks to the stand-in: the same library the server uses against Stripe. */
export function stripeForStandIn(standIn: Pick<StripeApiStandIn, 'port'>, key = 'sk_test_standIn'): Stripe {
  return new Stripe(key, { host: '127.0.0.1', port: standIn.port, protocol: 'http', maxNetworkRetries: 0 });
}
