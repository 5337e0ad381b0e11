// The checkout routes on Node's own HTTP server (`node:http`): each request becomes a Web `Request`
// (@remix-run/node-fetch-server), the client's address is resolved behind trusted proxies
// (trustProxy.ts), and the handlers' `Response` is written back. What the core answers about bodies
// (a 408 for a slow one, a 413 after draining an oversized one, both with `Connection: close`) Node
// then carries out: it closes the socket after the answer.
import { createServer, STATUS_CODES, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { createRequest, sendResponse } from '@remix-run/node-fetch-server';
import type { CheckoutContext } from '../http/http';
import { BODY_TIMEOUT_MS } from '../http/http';
import { logCallback } from '../log/errorFields';
import type { Logger } from '../log/logger';
import { withRequestFields } from '../log/requestFields';
import { CHECKOUT_PATHS } from '../routes';
import { clientResolver, type TrustProxy } from './trustProxy';

export { trustProxyFromEnv, type TrustProxy } from './trustProxy';
// Node's request and response, named here only: the Express and Fastify adapters, which run on them,
// take them from this module, so Node's HTTP types stay in the one Node adapter.
export type { IncomingMessage, ServerResponse };

/** What the adapter serves: `createCheckoutHandlers(…)` (or its `route` alone). */
export type CheckoutRoute = (request: Request, context: CheckoutContext) => Promise<Response | null>;

export interface NodeAdapterOptions {
  /** Proxies trusted to name the client (TRUST_PROXY); none by default. */
  trustProxy?: TrustProxy;
  /** Where the one warning about an untrusted X-Forwarded-For goes (console.warn). */
  warn?: (message: string) => void;
  /** Where a failure to answer goes (console.error). */
  log?: (message: string, error: unknown) => void;
  /** Where the warning and failures go, as structured lines (instead of `warn` and `log`). */
  logger?: Logger;
}

const PATHS = new Set<string>(Object.values(CHECKOUT_PATHS));

/**
 * Writes a Web `Response` on Node's response, with the status's reason phrase: a `Response` made
 * without a statusText would go out as `HTTP/1.1 400 ` and a client that shows the phrase
 * (the button's error message does) would show nothing.
 */
export function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  const reason = response.statusText || STATUS_CODES[response.status];
  const phrased =
    response.statusText || !reason
      ? response
      : new Response(response.body, { status: response.status, statusText: reason, headers: response.headers });
  return sendResponse(res, phrased);
}

/**
 * `(req, res) => Promise<boolean>`: answers the checkout paths (true) and leaves any other request
 * untouched (false) for your server to answer: its body is not read (a bare route function is given
 * every request).
 */
export function toNodeHandler(
  handlers: { route: CheckoutRoute } | CheckoutRoute,
  { trustProxy = false, logger, ...options }: NodeAdapterOptions = {},
): (req: IncomingMessage, res: ServerResponse) => Promise<boolean> {
  const warn = options.warn ?? (logger && ((message: string) => logger.warn({ code: 'proxy_untrusted' }, message)));
  const log = options.log ?? (logger ? logCallback(logger) : console.error);
  const route = typeof handlers === 'function' ? handlers : handlers.route;
  const ours = typeof handlers === 'function' ? () => true : (req: IncomingMessage) => PATHS.has((req.url ?? '/').split('?')[0]);
  const clientAddressOf = clientResolver(trustProxy, warn);
  return async (req, res) => {
    if (!ours(req)) return false;
    let request: Request;
    try {
      request = createRequest(req, res);
    } catch (error) {
      // An HTTP/2 request whose Host and :authority disagree.
      log('A request could not be read.', error);
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' }).end('Bad Request');
      return true;
    }
    // Every line logged while it is answered names the request (its id, its path).
    const path = (req.url ?? '/').split('?')[0];
    const response = await withRequestFields(request.headers, path, () => route(request, { clientAddress: clientAddressOf(req) }));
    if (!response) return false;
    try {
      if (!res.destroyed) await sendWebResponse(res, response);
    } catch (error) {
      log('A checkout answer could not be sent.', error);
      res.destroy();
    }
    return true;
  };
}

/** A listener for `http.createServer`: the checkout paths, and 404 for anything else. */
export function toNodeListener(handlers: { route: CheckoutRoute } | CheckoutRoute, options?: NodeAdapterOptions): RequestListener {
  const handle = toNodeHandler(handlers, options);
  return (req, res) =>
    void handle(req, res).then((answered) => {
      if (!answered) res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found');
    });
}

/**
 * Node lets a client take 60 s over its headers and 300 s over its request: a slow client holds a
 * socket that long. The routes answer a slow body 408 after BODY_TIMEOUT_MS; this is the backstop.
 */
export function boundServerTimeouts(server: Server, bodyTimeoutMs = BODY_TIMEOUT_MS): Server {
  server.headersTimeout = bodyTimeoutMs;
  server.requestTimeout = 2 * bodyTimeoutMs;
  return server;
}

/** Node's HTTP server answering the checkout paths (404 for anything else), its timeouts bounded. */
export function createCheckoutServer(handlers: { route: CheckoutRoute } | CheckoutRoute, options?: NodeAdapterOptions): Server {
  return boundServerTimeouts(createServer(toNodeListener(handlers, options)));
}
