// Checkout events as Stripe delivers them, for the webhook tests and the load run: the payload as
// Stripe sends it, signed with the endpoint's secret by the `stripe` library's own test helper.
import Stripe from 'stripe';

const signer = new Stripe('sk_test_signer');

export function checkoutEvent(type: string, session: Record<string, unknown>): string {
  return JSON.stringify(
    {
      id: `evt_${Math.random().toString(36).slice(2)}`,
      object: 'event',
      type,
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      data: { object: session },
    },
    null,
    2,
  );
}

/** POSTs `payload` to the webhook at `url`, signed now (a redelivery is signed anew, as Stripe does). */
export function deliverSigned(url: string, payload: string, secret: string): Promise<Response> {
  const header = signer.webhooks.generateTestHeaderString({ payload, secret });
  return fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header }, body: payload });
}
