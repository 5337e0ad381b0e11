/** @jest-environment node */
// The API stand-in's side of Stripe.js's confirm (stand-ins/stripeJsConfirm.ts): what the Stripe.js
// stand-in calls when a wallet pays. Stripe takes it with the publishable key and the client secret.
import Stripe from 'stripe';
import { startStripeApiStandIn, stripeForStandIn, type StripeApiStandIn } from '../../stand-ins/stripeApi';

let standIn: StripeApiStandIn;
let stripe: Stripe;
beforeAll(async () => {
  standIn = await startStripeApiStandIn();
  stripe = stripeForStandIn(standIn);
});
afterAll(() => standIn.close());

const line = { price_data: { currency: 'eur', unit_amount: 1200, product_data: { name: 'Coffee beans, 1 kg' } }, quantity: 1 };
const back = 'http://shop.test/?session_id={CHECKOUT_SESSION_ID}';
const session = (ui_mode: 'elements' | 'embedded_page') =>
  stripe.checkout.sessions.create({ mode: 'payment', ui_mode, line_items: [line], return_url: back });
const confirm = (id: string, form: Record<string, string>) =>
  fetch(`${standIn.url}/v1/payment_pages/${id}/confirm`, { method: 'POST', body: new URLSearchParams(form) });

describe("Stripe.js's confirm of an elements session, at the API stand-in", () => {
  it('with the publishable key and the client secret: the session is paid, and the answer says where it sends the person', async () => {
    const { id, client_secret } = await session('elements');
    const res = await confirm(id, { key: 'pk_test_1', client_secret: client_secret! });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toEqual({ id, status: 'complete', return_url: `http://shop.test/?session_id=${id}` });
    expect(await stripe.checkout.sessions.retrieve(id)).toMatchObject({ status: 'complete', payment_status: 'paid' });
    // Once paid, it cannot be paid again.
    expect((await confirm(id, { key: 'pk_test_1', client_secret: client_secret! })).status).toBe(400);
  });

  it('refused: a secret key, another secret, an embedded session', async () => {
    const { id, client_secret } = await session('elements');
    expect((await confirm(id, { key: 'sk_test_1', client_secret: client_secret! })).status).toBe(401);
    expect((await confirm(id, { key: 'pk_test_1', client_secret: `${id}_secret_wrong` })).status).toBe(404);
    const embedded = await session('embedded_page');
    expect((await confirm(embedded.id, { key: 'pk_test_1', client_secret: embedded.client_secret! })).status).toBe(400);
    expect(await stripe.checkout.sessions.retrieve(id)).toMatchObject({ status: 'open' });
  });
});
