// The offline demo's session endpoint: Stripe-shaped answers without Stripe, kept in memory.
// `?session=` on the endpoint picks a failure, so every session error of the button can be seen.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CURRENCY, cartTotal, findProduct, sanitizeCart, type CartLine } from '../src/shop/catalogue';
import type { SessionSummary } from '../src/shop/api';
import type { CheckoutMode } from '../src/remote/checkoutTypes';
import type { SessionOutcome } from '../src/demo/scenarios';
import { sendJson } from './http';

interface DemoSession {
  id: string;
  lines: CartLine[];
  mode: CheckoutMode;
  status: 'open' | 'complete';
}

const KEEP_SESSIONS = 500;

export function createDemoSessions(random: () => string = () => Math.random().toString(36).slice(2, 14)) {
  const sessions = new Map<string, DemoSession>();

  function open(lines: CartLine[], mode: CheckoutMode): DemoSession {
    const session: DemoSession = { id: `cs_demo_${random()}`, lines, mode, status: 'open' };
    sessions.set(session.id, session);
    if (sessions.size > KEEP_SESSIONS) sessions.delete(sessions.keys().next().value!);
    return session;
  }

  function summary(session: DemoSession): SessionSummary {
    return {
      id: session.id,
      status: session.status,
      paid: session.status === 'complete',
      amountTotal: cartTotal(session.lines),
      currency: CURRENCY,
      lines: session.lines.map((line) => ({ name: findProduct(line.id)?.name ?? line.id, quantity: line.quantity })),
      demo: true,
    };
  }

  return {
    /** POST /api/checkout-sessions[?session=<outcome>] */
    create(res: ServerResponse, req: IncomingMessage, body: unknown, outcome: SessionOutcome): void {
      const { items, mode } = (body ?? {}) as { items?: unknown; mode?: unknown };
      const lines = sanitizeCart(items);
      if (lines.length === 0) return sendJson(res, 400, { error: 'The cart is empty.' });
      const session = open(lines, mode === 'embedded' ? 'embedded' : 'redirect');
      const stripeUrl = `https://checkout.stripe.com/c/pay/${session.id}`;
      switch (outcome) {
        case '500':
          return sendJson(res, 500, { error: 'Demo: the session endpoint failed on purpose (?session=500).' });
        case 'bad-json':
          res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
          res.end('{"url": "https://checkout.stripe.com/c/pay/… (demo: this is not JSON');
          return;
        case 'hang':
          // Never answers: the button's sessionTimeoutMs ends it. Dropped when the browser gives up.
          req.on('close', () => res.destroy());
          return;
        case 'other-origin':
          return sendJson(res, 200, { url: `https://evil.example/c/pay/${session.id}` });
        case 'http':
          return sendJson(res, 200, { url: `http://checkout.stripe.com/c/pay/${session.id}` });
        case 'javascript':
          return sendJson(res, 200, { url: 'javascript:alert(1)' });
        case 'ok':
          return sendJson(res, 200, session.mode === 'embedded' ? { clientSecret: `${session.id}_secret_demo` } : { url: stripeUrl });
      }
    },
    /** GET /api/checkout-sessions/:id */
    retrieve(res: ServerResponse, id: string): void {
      const session = sessions.get(id);
      if (!session) return sendJson(res, 404, { error: 'No such demo session (the server may have restarted).' });
      sendJson(res, 200, summary(session));
    },
    /** POST /api/checkout-sessions/:id/complete: the demo checkout page's Pay button. */
    complete(res: ServerResponse, id: string): void {
      const session = sessions.get(id);
      if (!session) return sendJson(res, 404, { error: 'No such demo session (the server may have restarted).' });
      session.status = 'complete';
      sendJson(res, 200, summary(session));
    },
  };
}

export type DemoSessions = ReturnType<typeof createDemoSessions>;
