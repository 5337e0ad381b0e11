// The example's server side, as one plain Node handler `(req, res) => answered`. Both servers use
// it: the dev server (webpack.config.ts, setupMiddlewares) and the production one (serve.ts).
//
//   GET  /api/config                          mode and publishable key (never the secret key)
//   POST /api/checkout-sessions               a session for the cart: { url } or { clientSecret }
//   GET  /api/checkout-sessions/:id           its summary, for the success page
//   POST /api/checkout-sessions/:id/complete  demo only: the demo checkout page's Pay button
//
// and, in demo mode, the Content-Security-Policy of the "csp-blocked" scenario's page.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sessionOutcome } from '../src/demo/scenarios';
import { sanitizeCart } from '../src/shop/catalogue';
import { publicConfig, type ExampleConfig } from './config';
import { createDemoSessions } from './demoSessions';
import { HttpError, readJsonBody, requestOrigin, sendJson } from './http';
import { createStripeSessions } from './stripeSessions';

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;

export interface ExampleApiOptions {
  config: ExampleConfig;
  /** The remote's manifest URL the host was built with (the CSP must let its scripts in). */
  remoteUrl: string;
  /** The dev servers' bundles use eval (their source maps): the CSP scenario must allow it there. */
  dev: boolean;
  /** For success and cancel URLs when the request's Host is not a loopback one. */
  publicOrigin?: string;
  log?: (message: string) => void;
}

const SESSION_PATH = /^\/api\/checkout-sessions\/([A-Za-z0-9_]+)(\/complete)?$/;

function originOf(url: string | null): string | null {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

/** The page of the "csp-blocked" scenario: its own scripts and the remote, but not js.stripe.com. */
export function scenarioCsp(pageUrl: URL, remoteUrl: string, dev: boolean): string {
  const remoteOrigin = originOf(pageUrl.searchParams.get('remote')) ?? originOf(remoteUrl) ?? '';
  return `script-src 'self' ${remoteOrigin}${dev ? " 'unsafe-eval'" : ''}`.trim().replace(/\s+/g, ' ');
}

function isPageRequest(req: IncomingMessage, url: URL): boolean {
  return req.method === 'GET' && !url.pathname.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(url.pathname);
}

export function createExampleApi(options: ExampleApiOptions): RequestHandler {
  const { config, log = console.log } = options;
  const demo = createDemoSessions();
  const stripe = config.mode === 'stripe' && config.secretKey ? createStripeSessions(config.secretKey) : null;
  const fallbackOrigin = options.publicOrigin ?? 'http://localhost:3000';

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? '/', 'http://localhost');

    if (!url.pathname.startsWith('/api/')) {
      if (config.mode === 'demo' && isPageRequest(req, url) && url.searchParams.get('scenario') === 'csp-blocked') {
        res.setHeader('Content-Security-Policy', scenarioCsp(url, options.remoteUrl, options.dev));
      }
      return false; // the files (or the dev server) answer
    }

    if (url.pathname === '/api/config' && req.method === 'GET') {
      sendJson(res, 200, publicConfig(config));
      return true;
    }

    if (url.pathname === '/api/checkout-sessions' && req.method === 'POST') {
      const body = await readJsonBody(req);
      if (!stripe) {
        demo.create(res, req, body, sessionOutcome(url.searchParams.get('session')));
        return true;
      }
      const { items, mode } = (body ?? {}) as { items?: unknown; mode?: unknown };
      const lines = sanitizeCart(items);
      if (lines.length === 0) throw new HttpError(400, 'The cart is empty.');
      try {
        const result = await stripe.create(lines, mode === 'embedded' ? 'embedded' : 'redirect', requestOrigin(req, fallbackOrigin), req.headers['idempotency-key']);
        sendJson(res, 200, result);
      } catch (error) {
        // The library's message says what Stripe refused; it never contains the key.
        log(`[host-example] Stripe refused the Checkout Session: ${(error as Error).message}`);
        sendJson(res, 502, { error: 'Stripe could not create the Checkout Session.' });
      }
      return true;
    }

    const match = SESSION_PATH.exec(url.pathname);
    if (match) {
      const [, id, complete] = match;
      if (complete && req.method === 'POST' && !stripe) {
        demo.complete(res, id);
        return true;
      }
      if (!complete && req.method === 'GET') {
        if (!stripe) demo.retrieve(res, id);
        else {
          try {
            sendJson(res, 200, await stripe.retrieve(id));
          } catch (error) {
            log(`[host-example] could not retrieve ${id}: ${(error as Error).message}`);
            sendJson(res, 404, { error: 'No such Checkout Session.' });
          }
        }
        return true;
      }
    }

    sendJson(res, 404, { error: `No ${req.method} ${url.pathname} here.` });
    return true;
  }

  return async (req, res) => {
    try {
      return await handle(req, res);
    } catch (error) {
      const status = error instanceof HttpError ? error.status : 500;
      if (status === 500) log(`[host-example] ${req.method} ${req.url} failed: ${(error as Error).stack ?? error}`);
      if (!res.headersSent) sendJson(res, status, { error: error instanceof HttpError ? error.message : 'Internal error.' });
      else res.end();
      return true;
    }
  };
}
