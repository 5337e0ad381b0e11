// A host's server, compiled against the packed @checkout/server with its own stripe (the oldest and the
// newest in the peer range), as a bundler project (.ts), an ES module (.mts) and CommonJS (.cts).
import Stripe from 'stripe';
import { openCheckoutBackend, type StripeClient } from '@checkout/server';

const stripe = new Stripe('sk_test_consumer');

// The host's own instance, whichever stripe and module system it comes from.
const client: StripeClient = stripe;

export const backend = openCheckoutBackend({ stripe, returnPage: 'https://shop.example/return' });
export const fromClient = openCheckoutBackend({ stripe: client, returnPage: 'https://shop.example/return' });

// @ts-expect-error not a Stripe instance: the methods the server half calls are missing
export const refused = openCheckoutBackend({ stripe: {}, returnPage: 'https://shop.example/return' });
