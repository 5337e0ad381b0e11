// The checkout routes in a Fastify 5 app, with its default parsers on for the rest of the app. The
// routes live in a plugin of their own (Fastify encapsulates content-type parsers per plugin): inside
// it the parsers are replaced by one that leaves the stream unread, so the routes read the exact bytes
// themselves, within their own bounds (the 408, the drained 413), as on Node's own server. The answer
// goes through Fastify's reply (never the raw response), so what the app's hooks and plugins set
// (@fastify/cors, @fastify/helmet, cookies) reaches the client with it.
import { createRequest } from '@remix-run/node-fetch-server';
import type { Logger } from '../log/logger';
import { CHECKOUT_PATHS } from '../routes';
import type { CheckoutRoute, IncomingMessage, ServerResponse } from './node';
import { clientResolver, type TrustProxy } from './trustProxy';

/** What the plugin needs of Fastify's request and reply. */
export interface FastifyLikeRequest {
  raw: IncomingMessage;
  /** Fastify's client address, by its `trustProxy` option. */
  ip: string;
  /** Fastify's request logger (pino, with the request id bound). */
  log?: Logger;
}
export interface FastifyLikeReply {
  raw: ServerResponse;
  /** Fastify 5 sends a Web `Response` as it is: its status, its headers beside the hooks', its body streamed. */
  send(payload: Response): unknown;
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
  /** Where lines go; Fastify's own `request.log` by default. */
  logger?: Logger;
}

/** A wrong method is answered 405 by the route itself, with `Allow` (HEAD comes with GET; OPTIONS is left to your CORS plugin). */
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * `app.register(checkoutFastify(backend.handlers))`: a plugin answering the three paths. Registered
 * without fastify-plugin on purpose: its parser must stay inside it.
 */
export function checkoutFastify(handlers: { route: CheckoutRoute } | CheckoutRoute, options: FastifyAdapterOptions = {}) {
  const route = typeof handlers === 'function' ? handlers : handlers.route;
  const loggerOf = (request: FastifyLikeRequest) => options.logger ?? request.log;
  let lastRequest: FastifyLikeRequest | undefined;
  const warn = (message: string) => loggerOf(lastRequest!)?.warn({ code: 'proxy_untrusted' }, message);
  const ours = options.trustProxy !== undefined ? clientResolver(options.trustProxy, warn) : null;
  let warned = false;
  const clientAddressOf = (request: FastifyLikeRequest) => {
    lastRequest = request;
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
          try {
            const response = await route(createRequest(request.raw, reply.raw), { clientAddress: clientAddressOf(request) });
            await reply.send(response ?? new Response(null, { status: 404 }));
          } catch (error) {
            loggerOf(request)?.error({ err: error, code: 'answer_failed', route: url }, 'A checkout answer could not be sent.');
            // Fastify's own error handler answers 500 (or closes a reply already under way).
            throw error;
          }
        },
      });
    }
  };
}
