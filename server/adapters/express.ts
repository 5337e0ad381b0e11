// The checkout routes in an Express 5 app, with the app's body parsers on. `express.json()` and
// `express.urlencoded()` read a request's stream into `req.body`; a handler after them finds the stream
// drained, and a webhook's signature cannot be checked on a re-serialised body (Stripe's most reported
// webhook problem). So `mountCheckout` puts a small reader first in the app's stack, for the three
// checkout paths only: it reads their body within the routes' bounds (the parsers then see a finished
// stream and skip it), and the routes, wherever the app mounts them, answer with those exact bytes.
import { createRequest } from '@remix-run/node-fetch-server';
import { readBodyAhead } from '../http/http';
import { CHECKOUT_PATHS } from '../routes';
import { sendWebResponse, type CheckoutRoute, type IncomingMessage, type ServerResponse } from './node';
import { clientResolver, type TrustProxy } from './trustProxy';

/** What this adapter needs of Express's request: Node's, plus what Express adds. */
export interface ExpressRequest extends IncomingMessage {
  originalUrl?: string;
  /** Express's client address, by the app's `trust proxy` setting. */
  ip?: string;
  body?: unknown;
}
type Next = (error?: unknown) => void;
export type ExpressMiddleware = (req: ExpressRequest, res: ServerResponse, next: Next) => void;

/** The part of an Express 5 app or router `mountCheckout` uses: `use`, and its stack (to go first). */
export type ExpressApp = { use(middleware: ExpressMiddleware): unknown } & ({ router: { stack: unknown[] } } | { stack: unknown[] });

export interface ExpressAdapterOptions {
  /**
   * Proxies trusted to name the client (TRUST_PROXY). Unset: Express's own `req.ip`, by the app's
   * `trust proxy` setting.
   */
  trustProxy?: TrustProxy;
  /** How long a body may take (the routes' 10 s by default). */
  bodyTimeoutMs?: number;
  warn?: (message: string) => void;
  log?: (message: string, error: unknown) => void;
}

const PATHS = new Set<string>(Object.values(CHECKOUT_PATHS));
/** The Web request made for a checkout request by the reader, kept on Node's request for the routes. */
const WEB_REQUEST = Symbol.for('checkout.webRequest');
type Carrying = ExpressRequest & { [WEB_REQUEST]?: Request };

// req.url, not req.originalUrl: on a router mounted under a prefix (`app.use('/shop', router)`) the
// router sees its own path, which is what the routes answer to.
const pathOf = (req: ExpressRequest) => (req.url ?? '/').split('?')[0];
const isOurs = (req: ExpressRequest) => PATHS.has(pathOf(req));

/**
 * Express 5's middleware reading the checkout paths' bodies ahead of any parser (mountCheckout puts
 * it first). A body that cannot be taken (too large, too slow) is answered at once by `refuse` (the
 * routes, with their own 413 or 408), not handed to a parser that would wait for the rest.
 */
export function checkoutBodyReader(
  refuse: ExpressMiddleware,
  options: Pick<ExpressAdapterOptions, 'bodyTimeoutMs'> = {},
): ExpressMiddleware {
  return (req, res, next) => {
    if (!isOurs(req) || req.method === 'GET' || req.method === 'HEAD') return next();
    const request = createRequest(req, res);
    (req as Carrying)[WEB_REQUEST] = request;
    void readBodyAhead(request, options.bodyTimeoutMs).then((taken) => (taken ? next() : refuse(req, res, next)));
  };
}

/** The client's address: ours behind TRUST_PROXY, else Express's, with the one warning when X-Forwarded-For is not trusted. */
function addressResolver({ trustProxy, warn = console.warn }: ExpressAdapterOptions): (req: ExpressRequest) => string {
  if (trustProxy !== undefined) return clientResolver(trustProxy, warn);
  let warned = false;
  return (req) => {
    const address = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    if (!warned && req.headers['x-forwarded-for'] !== undefined && address === req.socket.remoteAddress) {
      warned = true;
      warn(
        `[checkout] X-Forwarded-For arrived but Express trusts no proxy: every client is taken to be ${address}, so all share ` +
          "one rate limit. Set the app's 'trust proxy' (or the adapter's trustProxy) to your proxies (docs/server/limits.md).",
      );
    }
    return address;
  };
}

/**
 * The routes as Express middleware: answers the three paths, passes every other request on. Mounted
 * through `mountCheckout`, a body parser before it is harmless; mounted alone after one, the drained
 * body is refused loudly (500 and a log line naming the fix), never waited for.
 */
export function checkoutExpress(
  handlers: { route: CheckoutRoute } | CheckoutRoute,
  options: ExpressAdapterOptions = {},
): ExpressMiddleware {
  const route = typeof handlers === 'function' ? handlers : handlers.route;
  const { log = console.error } = options;
  const clientAddressOf = addressResolver(options);
  return (req, res, next) => {
    if (!isOurs(req)) return next();
    let request = (req as Carrying)[WEB_REQUEST];
    if (!request) {
      if (req.method === 'POST' && (req.body !== undefined || req.readableEnded)) {
        log(
          `A body parser read ${pathOf(req)} before the checkout routes: its exact bytes are gone (a webhook's signature is computed over them).`,
          'Mount the routes with mountCheckout(app, handlers), which reads their bodies first (docs/server/frameworks.md).',
        );
        res
          .writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' })
          .end(JSON.stringify({ error: 'The checkout routes are mounted after a body parser.' }));
        return;
      }
      request = createRequest(req, res);
    }
    route(request, { clientAddress: clientAddressOf(req) })
      .then(async (response) => {
        if (!response) return next();
        await sendWebResponse(res, response);
      })
      .catch((error: unknown) => {
        log('A checkout answer could not be sent.', error);
        if (!res.headersSent) next(error);
        else res.destroy();
      });
  };
}

/**
 * The documented way: `mountCheckout(app, backend.handlers)`, before or after `express.json()` and
 * `express.urlencoded()`. The routes answer where they are mounted (after your CORS, logging, …);
 * their bodies are read first, whatever parsers the app has.
 */
export function mountCheckout(
  app: ExpressApp,
  handlers: { route: CheckoutRoute } | CheckoutRoute,
  options: ExpressAdapterOptions = {},
): void {
  const routes = checkoutExpress(handlers, options);
  app.use(checkoutBodyReader(routes, options));
  // Express runs its stack in order: the reader goes first, ahead of any parser already mounted.
  const { stack } = 'router' in app ? app.router : app;
  stack.unshift(stack.pop());
  app.use(routes);
}
