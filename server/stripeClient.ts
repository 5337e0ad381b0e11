// The host's Stripe instance, as the server half takes it. `stripe` is the host's own (a peer
// dependency, any 23.x): its classes are nominal, and a host compiled as an ES module sees stripe's ESM
// declarations where this package's CommonJS ones see the CJS copy, so `Stripe` itself would not
// match (TS2322) even on one version. The option is therefore typed by the methods we call, by name
// only; `StripeApi` is the same methods typed by the stripe we build against, and it is all the
// modules below may call, so a call not listed here fails to compile.
import type Stripe from 'stripe';

/** A method of the host's client: its presence is checked, its signature is stripe's own. */
type Method = (...args: never[]) => unknown;

/** Every method of a Stripe instance the server half calls. */
export interface StripeClient {
  checkout: { sessions: { create: Method; retrieve: Method; list: Method; listLineItems: Method } };
  webhooks: { constructEventAsync: Method };
  subscriptions: { retrieve: Method; list: Method };
  billingPortal: { sessions: { create: Method } };
  /** Its request events, which the metrics time (`response`). */
  on: Method;
  off: Method;
}

type Sessions = Stripe['checkout']['sessions'];
type Webhooks = Stripe['webhooks'];

/** The methods `StripeClient` names, with the types of the stripe this package is built against. */
export interface StripeApi {
  checkout: { sessions: Pick<Sessions, keyof StripeClient['checkout']['sessions']> };
  webhooks: Pick<Webhooks, keyof StripeClient['webhooks']>;
  subscriptions: Pick<Stripe['subscriptions'], keyof StripeClient['subscriptions']>;
  billingPortal: { sessions: Pick<Stripe['billingPortal']['sessions'], keyof StripeClient['billingPortal']['sessions']> };
}

/** The host's instance seen through our stripe's types: the one place the two meet. */
export const stripeApi = (client: StripeClient): StripeApi => client as unknown as StripeApi;
