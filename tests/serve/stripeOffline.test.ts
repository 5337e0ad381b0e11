/** @jest-environment node */
// `npm run stripe:offline` for a host that runs the server half itself: the host's own server half
// (openCheckoutBackend with its own `fulfil`, on its own port) creates the session at the stand-in,
// the person pays on the stand-in's hosted page, and the stand-in delivers the webhooks, signed with
// the host's secret, to the host's own webhook route, which ships once. `npm run send-test-event`
// signs one event for the same route.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { toNodeHandler } from '../../server/adapters/node';
import { openCheckoutBackend, type CheckoutBackend } from '../../server/backend';
import type { Fulfil } from '../../server/orders/orders';
import { hostSettings, offlineStripeOptions, startOfflineStripe, OFFLINE_SECRET_KEY, type OfflineStripe } from '../../serve/stripeOffline';
import { sendTestEvent, testEventOptions } from '../../serve/sendTestEvent';
import type { WebhookDelivery } from '../../stand-ins/stripeApi';

const SECRET = 'whsec_theHostsOwnSecret';
let stripe: OfflineStripe;
let host: { url: string; server: http.Server; backend: CheckoutBackend };
const shipped: string[] = [];
const deliveries: WebhookDelivery[] = [];

async function startHost(): Promise<typeof host> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stripe = await startOfflineStripe({
    port: 0,
    webhookUrl: `${url}/api/stripe-webhook`,
    webhookSecret: SECRET,
    onDelivery: (d) => deliveries.push(d),
  });
  const fulfil: Fulfil = async (session) => void shipped.push(session.id);
  const backend = await openCheckoutBackend({
    // What hostSettings tells the host to set.
    stripe: new Stripe(OFFLINE_SECRET_KEY, { host: '127.0.0.1', port: stripe.port, protocol: 'http' }),
    returnPage: `${url}/thanks`,
    webhookSecret: SECRET,
    fulfil,
    env: { DATABASE_URL: 'memory://', FORM_ALLOWED_ORIGINS: url, SESSION_RATE_LIMIT: 'off', RECONCILE_INTERVAL_MS: 'off' },
  });
  const checkout = toNodeHandler(backend.handlers);
  server.on('request', (req, res) => void checkout(req, res).then((done) => done || res.writeHead(404).end()));
  return { url, server, backend };
}

beforeAll(async () => {
  host = await startHost();
}, 60_000);
afterAll(async () => {
  await stripe?.close();
  host?.server.closeAllConnections();
  await new Promise((resolve) => host?.server.close(resolve));
  await host?.backend.close();
});

describe('npm run stripe:offline', () => {
  it("pays on the stand-in's hosted page and delivers the signed webhook to the host's own route, which ships once", async () => {
    const posted = await fetch(`${host.url}/api/checkout-sessions`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: host.url, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ productId: 'coffee-beans-1kg', formKey: 'offline-own-host-1' }).toString(),
    });
    expect(posted.status).toBe(303);
    const hostedPage = posted.headers.get('location')!;
    expect(hostedPage.startsWith(`${stripe.url}/demo-checkout?session=cs_test_`)).toBe(true);
    const sessionId = new URL(hostedPage).searchParams.get('session')!;
    expect(await (await fetch(hostedPage)).text()).toContain('Pay 12.00 € by card');

    const paid = await fetch(new URL('/demo-checkout', hostedPage), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ session: sessionId, outcome: 'paid' }).toString(),
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${host.url}/thanks?session_id=${sessionId}`);
    // The page answers once the events are delivered: the host's route verified and shipped.
    expect(deliveries).toEqual([{ type: 'checkout.session.completed', status: 200 }]);
    expect(shipped).toEqual([sessionId]);
    const status = await (await fetch(`${host.url}/api/checkout-session-status?session_id=${sessionId}`)).json();
    expect(status).toMatchObject({ status: 'complete', paymentStatus: 'paid' });
  });

  it("send-test-event: signed with the host's secret it is acknowledged (tagged: shipped once); with another secret it is refused 400", async () => {
    const base = ['--url', `${host.url}/api/stripe-webhook`, '--session', 'cs_test_sentByHand'];
    const untagged = await sendTestEvent(testEventOptions([...base, '--secret', SECRET]));
    expect(untagged.status).toBe(200);
    expect(shipped).not.toContain('cs_test_sentByHand');
    const order = testEventOptions([...base, '--secret', SECRET, '--product', 'coffee-beans-1kg']);
    expect((await sendTestEvent(order)).status).toBe(200);
    expect((await sendTestEvent(order)).status).toBe(200);
    expect(shipped.filter((id) => id === 'cs_test_sentByHand')).toHaveLength(1);
    const forged = await sendTestEvent(testEventOptions([...base, '--secret', 'whsec_notTheHosts', '--product', 'coffee-beans-1kg']));
    expect(forged).toMatchObject({ status: 400, body: expect.stringContaining('signature') });
  });

  it('reads flags over the environment, reports every mistake at once, and prints what the host sets', () => {
    const env = { STRIPE_OFFLINE_PORT: '4000', STRIPE_OFFLINE_WEBHOOK_URL: 'http://localhost:1/env', STRIPE_WEBHOOK_SECRET: 'whsec_env' };
    expect(offlineStripeOptions(['--port', '12111', '--webhook-url', 'http://localhost:4321/api/stripe-webhook'], env)).toEqual({
      port: 12111,
      webhookUrl: 'http://localhost:4321/api/stripe-webhook',
      webhookSecret: 'whsec_env',
    });
    expect(offlineStripeOptions(['--webhook-url', 'http://localhost:1/x'], {}).webhookSecret).toMatch(/^whsec_offline[0-9a-f]{32}$/);
    expect(() => offlineStripeOptions(['--port', 'x', '--webhook-url', 'ftp://x'], {})).toThrow(
      /--port must be a port number[\s\S]*--webhook-url \(or STRIPE_OFFLINE_WEBHOOK_URL\) must be/,
    );
    expect(() => testEventOptions(['--type', 'invoice.paid'])).toThrow(/--url[\s\S]*--secret[\s\S]*--type/);
    const printed = hostSettings(
      { url: 'http://127.0.0.1:12111', port: 12111, webhookSecret: 'whsec_x' },
      'http://localhost:4321/api/stripe-webhook',
    );
    expect(printed).toContain('STRIPE_SECRET_KEY=sk_test_offline');
    expect(printed).toContain('STRIPE_WEBHOOK_SECRET=whsec_x');
    expect(printed).toContain("new Stripe(key, { host: '127.0.0.1', port: 12111, protocol: 'http' })");
    expect(printed).toContain('allowed-checkout-origins): http://127.0.0.1:12111');
  });
});
