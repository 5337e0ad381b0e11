/** @jest-environment node */
// The return page's status route against the Stripe API stand-in: each state a session can end in,
// nothing secret or personal in the reply, and the pure mapping behind it.
import { orderOutcome } from '../../server/orders/orderOutcome';
import { CHECKOUT_PATHS } from '../../server/routes';
import { setUpCheckoutRoutes } from './support/checkoutRoutes';

const routes = setUpCheckoutRoutes({ serve: true });

let keys = 0;
async function newSession(mode: 'redirect' | 'embedded' = 'redirect'): Promise<{ id: string; cookie: string | null }> {
  const res = await fetch(`${routes.server.url}${CHECKOUT_PATHS.sessions}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `status-test-${++keys}-key` },
    body: JSON.stringify({ productId: 'coffee-beans-1kg', mode }),
  });
  const reply = (await res.json()) as { url?: string; clientSecret?: string };
  const id = reply.url ? new URL(reply.url).pathname.split('/').pop()! : reply.clientSecret!.split('_secret_')[0];
  return { id, cookie: res.headers.get('set-cookie') };
}
const status = (query: string) => fetch(`${routes.server.url}${CHECKOUT_PATHS.status}${query}`);

describe('GET /api/checkout-session-status', () => {
  it.each<[string, (id: string) => Promise<unknown>, object]>([
    ['open (not paid yet)', async () => {}, { status: 'open', paymentStatus: 'unpaid', outcome: 'open' }],
    ['paid', (id) => routes.standIn.complete(id, 'paid'), { status: 'complete', paymentStatus: 'paid', outcome: 'paid' }],
    [
      'processing (a delayed method)',
      (id) => routes.standIn.complete(id, 'processing'),
      { status: 'complete', paymentStatus: 'unpaid', outcome: 'processing' },
    ],
    [
      'failed (the delayed payment failed)',
      (id) => routes.standIn.complete(id, 'failed'),
      { status: 'complete', paymentStatus: 'unpaid', outcome: 'failed' },
    ],
    [
      'processing, then settled',
      async (id) => (await routes.standIn.complete(id, 'processing'), routes.standIn.settle(id, 'succeeded')),
      { paymentStatus: 'paid', outcome: 'paid' },
    ],
    ['expired', (id) => routes.standIn.expire(id), { status: 'expired', paymentStatus: 'unpaid', outcome: 'expired' }],
  ])('%s', async (_name, move, expected) => {
    const { id } = await newSession();
    await move(id);
    const res = await status(`?session_id=${id}`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual(expect.objectContaining(expected));
    expect(Object.keys(JSON.parse(text)).sort()).toEqual(['outcome', 'paymentStatus', 'status']);
    // The stand-in's completed sessions carry an email and a name, as Stripe's do: none of it leaves.
    expect(text).not.toMatch(/secret|@|Jenny|pi_test/);
  });

  it('an embedded session, named by its id (onComplete carries it; no cookie)', async () => {
    const { id, cookie } = await newSession('embedded');
    expect(cookie).toBeNull();
    await routes.standIn.complete(id, 'paid');
    expect(await (await status(`?session_id=${id}`)).json()).toEqual({ status: 'complete', paymentStatus: 'paid', outcome: 'paid' });
  });

  it.each([
    ['no session id', '', 400],
    ['not a session id', '?session_id=pi_123', 400],
    ['an unknown session', '?session_id=cs_test_unknown', 404],
  ])('%s → %i', async (_name, query, code) => {
    const res = await status(query);
    expect(res.status).toBe(code);
    expect(await res.json()).toEqual({ error: expect.any(String) });
  });

  it('refuses POST', async () => {
    expect((await fetch(`${routes.server.url}${CHECKOUT_PATHS.status}?session_id=cs_test_x`, { method: 'POST' })).status).toBe(405);
  });
});

describe('orderOutcome', () => {
  it.each([
    [{ status: 'open', payment_status: 'unpaid', payment_intent: null }, 'open'],
    [{ status: 'expired', payment_status: 'unpaid', payment_intent: null }, 'expired'],
    [{ status: 'complete', payment_status: 'paid', payment_intent: 'pi_1' }, 'paid'],
    [{ status: 'complete', payment_status: 'no_payment_required', payment_intent: null }, 'paid'],
    [{ status: 'complete', payment_status: 'unpaid', payment_intent: { status: 'processing' } }, 'processing'],
    [{ status: 'complete', payment_status: 'unpaid', payment_intent: 'pi_not_expanded' }, 'processing'],
    [{ status: 'complete', payment_status: 'unpaid', payment_intent: { status: 'requires_payment_method' } }, 'failed'],
    [{ status: 'complete', payment_status: 'unpaid', payment_intent: { status: 'canceled' } }, 'failed'],
  ] as const)('%j → %s', (session, outcome) => {
    expect(orderOutcome(session)).toBe(outcome);
  });
});
