// The checkout routes in a Fastify 5 app, with its default parsers on for the rest of the app. The
// routes live in a plugin of their own (Fastify encapsulates content-type parsers per plugin): inside
// it the parsers are replaced by one that leaves the stream unread, so the routes read the exact bytes
// themselves, within their own bounds (the 408, the drained 413), as on Node's own server.
import { createRequest } from '@remix-run/node-fetch-server';
import { CHECKOUT_PATHS } from '../routes';
import { sendWebResponse, type CheckoutRoute, type IncomingMessage, type ServerResponse } from './node';
import { clientResolver, type TrustProxy } from './trustProxy';

/** What the plugin needs of Fastify's request and reply. */
export interface FastifyLikeRequest {
  raw: IncomingMessage;
  /** Fastify's client address, by its `trustProxy` option. */
  ip: string;
}
export interface FastifyLikeReply {
  raw: ServerResponse;
  hijack(): unknown;
}
/** The part of a Fastify instance the plugin uses. */
export interface FastifyLikeInstance {
  removeAllContentTypeParsers(): void;
  addContentTypeParser(
    type: string,
    parser: (request: unknown, payload: unknown, done: (error: Error | null, body?: unknown) => void) => void,
  ): void;
  route(options: {
    method: string[];
    url: string;
    handler: (request: FastifyLikeRequest, reply: FastifyLikeReply) => Promise<void>;
  }): unknown;
}

export interface FastifyAdapterOptions {
  /** Proxies trusted to name the client (TRUST_PROXY). Unset: Fastify's own `request.ip`, by its `trustProxy` option. */
  trustProxy?: TrustProxy;
  warn?: (message: string) => void;
  log?: (message: string, error: unknown) => void;
}

/** A wrong method is answered 405 by the route itself, with `Allow` (HEAD comes with GET; OPTIONS is left to your CORS plugin). */
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * `app.register(checkoutFastify(backend.handlers))`: a plugin answering the three paths. Registered
 * without fastify-plugin on purpose: its parser must stay inside it.
 */
export function checkoutFastify(handlers: { route: CheckoutRoute } | CheckoutRoute, options: FastifyAdapterOptions = {}) {
  const route = typeof handlers === 'function' ? handlers : handlers.route;
  const { warn = console.warn, log = console.error } = options;
  const ours = options.trustProxy !== undefined ? clientResolver(options.trustProxy, warn) : null;
  let warned = false;
  const clientAddressOf = (request: FastifyLikeRequest) => {
    if (ours) return ours(request.raw);
    const { headers, socket } = request.raw;
    if (!warned && headers['x-forwarded-for'] !== undefined && request.ip === socket.remoteAddress) {
      warned = true;
      warn(
        `[checkout] X-Forwarded-For arrived but Fastify trusts no proxy: every client is taken to be ${request.ip}, so all share ` +
          "one rate limit. Set Fastify's trustProxy (or the plugin's) to your proxies (docs/server/limits.md).",
      );
    }
    return request.ip;
  };
  return async function checkoutRoutes(instance: FastifyLikeInstance): Promise<void> {
    instance.removeAllContentTypeParsers();
    // Leaves the stream as it arrived: the route reads it (bounded) and verifies a webhook over its bytes.
    instance.addContentTypeParser('*', (_request, _payload, done) => done(null));
    for (const url of Object.values(CHECKOUT_PATHS)) {
      instance.route({
        method: METHODS,
        url,
        handler: async (request, reply) => {
          // Answered on Node's response directly, as the Node adapter does.
          reply.hijack();
          const res = reply.raw;
          try {
            const response = await route(createRequest(request.raw, res), { clientAddress: clientAddressOf(request) });
            await sendWebResponse(res, response ?? new Response(null, { status: 404 }));
          } catch (error) {
            log('A checkout answer could not be sent.', error);
            if (!res.headersSent) res.writeHead(500).end();
            else res.destroy();
          }
        },
      });
    }
  };
}
