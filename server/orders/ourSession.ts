// Which Checkout Sessions are this integration's to ship. A Stripe account's webhook endpoint and its
// session list carry every session of the account: Payment Links, another shop on the same account,
// `mode: 'setup'` sessions (complete with `no_payment_required`), other tools. Only a session this
// server created, for a product of its catalog, taking a payment, is an order here; the others are
// acknowledged and left alone. The server tags each session it creates with `metadata.integration`.
import type Stripe from 'stripe';
import type { Catalog } from '../sessions/catalog';

/** The tag's default value; two shops on one Stripe account set CHECKOUT_INTEGRATION to tell theirs apart. */
export const DEFAULT_INTEGRATION = 'checkout-button';

export interface Ownership {
  /** The value of `metadata.integration` on the sessions this server creates. */
  integration: string;
  /** A session's `metadata.product_id` must name one of its products. */
  catalog: Catalog;
}

/** The metadata every session this server creates carries: the tag, and what fulfilment ships. */
export function ourMetadata(integration: string, productId: string): { product_id: string; integration: string } {
  return { product_id: productId, integration };
}

/** Why `session` is not this integration's to ship (for the log), or null when it is. */
export function notOurs(session: Pick<Stripe.Checkout.Session, 'id' | 'metadata' | 'mode'>, { integration, catalog }: Ownership): string | null {
  const tag = session.metadata?.integration;
  if (tag !== integration) return `${session.id} is not this integration's (metadata.integration ${tag === undefined ? 'absent' : JSON.stringify(tag)}, not ${JSON.stringify(integration)})`;
  if (session.mode !== 'payment') return `${session.id} is in ${session.mode} mode, not payment`;
  const product = session.metadata?.product_id;
  if (!product || !catalog(product)) return `${session.id} names no product of the catalog (${product === undefined ? 'no product_id' : JSON.stringify(product)})`;
  return null;
}

/** CHECKOUT_INTEGRATION, else the default. */
export const integrationFromEnv = (env: NodeJS.ProcessEnv): string => env.CHECKOUT_INTEGRATION?.trim() || DEFAULT_INTEGRATION;
