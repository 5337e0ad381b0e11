// Offline, what https://checkout.stripe.com would show, played by the demo server (host-example/demo).
// The button leaves for the stand-in's hosted URL; offline the page comes here instead (the demo's
// `redirect`), and each choice moves the session on at the Stripe API stand-in, which then sends its
// signed webhooks to /api/stripe-webhook and the person back to the session's success_url.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StripeApiStandIn } from './stripeApi';

export const CHECKOUT_STAND_IN_PATH = '/demo-checkout';
/** Stripe's API as the stand-in Stripe.js calls it (a wallet's confirm), through the demo's service worker. */
export const STRIPE_API_PROXY_PATH = '/demo-checkout/api.stripe.com';

const CHOICES = [
  ['paid', 'Pay 12.00 € by card'],
  ['processing', 'Pay by bank debit (settles later)'],
  ['failed', 'Pay by bank debit that fails'],
  ['expired', 'Leave it until the session expires'],
] as const;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(sessionId: string): string {
  const buttons = CHOICES.map(([value, label]) => `<button name="outcome" value="${value}">${label}</button>`).join('\n');
  return `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Stripe Checkout (offline stand-in)</title><link rel="icon" href="data:,">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:30rem;margin:2rem auto;padding:0 1rem}button{display:block;width:100%;margin:.5rem 0;padding:.75rem;font:inherit}</style>
<h1>Stripe Checkout (offline stand-in)</h1><p>No card is charged. Session <code>${escape(sessionId)}</code>.</p>
<form method="post" action="${CHECKOUT_STAND_IN_PATH}"><input type="hidden" name="session" value="${escape(sessionId)}">
${buttons}</form><p><a href="/?checkout=canceled">Back to the shop</a></p></html>`;
}

async function form(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return new URLSearchParams(body);
}

/** Answers GET and POST on CHECKOUT_STAND_IN_PATH; false for every other request. */
export async function checkoutStandInPage(req: IncomingMessage, res: ServerResponse, standIn: StripeApiStandIn): Promise<boolean> {
  const url = new URL(req.url ?? '/', 'http://demo');
  if (url.pathname !== CHECKOUT_STAND_IN_PATH) return false;
  if (req.method === 'GET') {
    res
      .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' })
      .end(page(url.searchParams.get('session') ?? ''));
    return true;
  }
  const input = await form(req);
  const session = input.get('session') ?? '';
  const outcome = input.get('outcome');
  try {
    const moved =
      outcome === 'expired'
        ? await standIn.expire(session)
        : await standIn.complete(session, outcome === 'processing' || outcome === 'failed' ? outcome : 'paid');
    res.writeHead(303, { Location: moved.returnUrl ?? '/' }).end();
  } catch (error) {
    res.writeHead(409, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`The stand-in could not do that: ${(error as Error).message}`);
  }
  return true;
}

/** Hands STRIPE_API_PROXY_PATH's requests to the Stripe API stand-in; false for every other request. */
export async function stripeApiProxy(req: IncomingMessage, res: ServerResponse, standIn: StripeApiStandIn): Promise<boolean> {
  const url = new URL(req.url ?? '/', 'http://demo');
  if (!url.pathname.startsWith(`${STRIPE_API_PROXY_PATH}/`) || req.method !== 'POST') return false;
  const body = (await form(req)).toString();
  const answer = await fetch(`${standIn.url}${url.pathname.slice(STRIPE_API_PROXY_PATH.length)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
  }).catch(() => null);
  if (!answer) {
    res.writeHead(502).end();
    return true;
  }
  res.writeHead(answer.status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(await answer.text());
  return true;
}
