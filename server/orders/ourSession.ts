// Which Checkout Sessions are this integration's to ship. A Stripe account's webhook endpoint and its
// session list carry every session of the account: Payment Links, another shop on the same account,
// `mode: 'setup'` sessions (complete with `no_payment_required`), other tools. The server tags each
// session it creates with `metadata.integration`, and a tagged session in payment mode is an order
// here whatever the catalog says now: the catalog changes (a product sold out, renamed, removed) while
// a session stays open a day, a delayed payment settles days later and Stripe redelivers for three, and
// the money was taken for what the session names. The others are acknowledged and left alone.
import type Stripe from 'stripe';
import type { Catalog } from '../sessions/catalog';

/** The tag's default value; two shops on one Stripe account set CHECKOUT_INTEGRATION to tell theirs apart. */
export const DEFAULT_INTEGRATION = 'checkout-button';

export interface Ownership {
  /** The value of `metadata.integration` on the sessions this server creates. */
  integration: string;
  /** What the shop sells now: only for untagged sessions (below) and for the log of a product gone since. */
  catalog: Catalog;
  /**
   * Unix seconds: when the first version that tags its sessions went live (CHECKOUT_UNTAGGED_BEFORE).
   * A session with no tag at all, created before it, in payment mode and naming a product of the
   * catalog, was made by the version before and is an order too. Unset: untagged sessions are never ours.
   */
  untaggedBefore?: number;
}

type OwnedFields = Pick<Stripe.Checkout.Session, 'id' | 'metadata' | 'mode' | 'created'>;

/** The metadata every session this server creates carries: the tag, and what fulfilment ships. */
export function ourMetadata(integration: string, productId: string): { product_id: string; integration: string } {
  return { product_id: productId, integration };
}

/** Why an untagged session is not one the version before this one made (for the log), or null when it is. */
function notFromBeforeTheTag(session: OwnedFields, { catalog, untaggedBefore }: Ownership): string | null {
  if (untaggedBefore === undefined) return `${session.id} has no metadata.integration (and CHECKOUT_UNTAGGED_BEFORE is not set)`;
  if (!(session.created < untaggedBefore))
    return `${session.id} has no metadata.integration and was created after CHECKOUT_UNTAGGED_BEFORE`;
  if (session.mode !== 'payment') return `${session.id} is in ${session.mode} mode, not payment`;
  const product = session.metadata?.product_id;
  if (!product || !catalog(product))
    return `${session.id} has no metadata.integration and names no product of the catalog (${JSON.stringify(product ?? null)})`;
  return null;
}

/** Why `session` is not this integration's to ship (for the log), or null when it is. */
export function notOurs(session: OwnedFields, ownership: Ownership): string | null {
  const tag = session.metadata?.integration;
  if (tag === undefined) return notFromBeforeTheTag(session, ownership);
  if (tag !== ownership.integration)
    return `${session.id} is not this integration's (metadata.integration ${JSON.stringify(tag)}, not ${JSON.stringify(ownership.integration)})`;
  if (session.mode !== 'payment') return `${session.id} is in ${session.mode} mode, not payment`;
  return null;
}

/**
 * For the log when one of ours ships: the product it names left the catalog since it was created. It
 * ships anyway, with the product id and amounts it was paid with (the warehouse decides what to send).
 */
export function productGone(
  session: Pick<Stripe.Checkout.Session, 'id' | 'metadata' | 'amount_total' | 'currency'>,
  { catalog }: Ownership,
): string | null {
  const product = session.metadata?.product_id;
  if (product && catalog(product)) return null;
  // A cart of several lines names its products in its line items (what fulfil ships), not here.
  if (!product && session.metadata?.lines) return null;
  const paid = session.amount_total === null ? 'an unknown amount' : `${session.amount_total} ${session.currency ?? ''}`.trim();
  return `ORDER FOR A PRODUCT NOT IN THE CATALOG: ${session.id} was paid (${paid}) for ${JSON.stringify(product ?? null)}, which the catalog no longer has. It ships as paid; check it with the warehouse.`;
}

/** CHECKOUT_INTEGRATION, else the default. */
export const integrationFromEnv = (env: NodeJS.ProcessEnv): string => env.CHECKOUT_INTEGRATION?.trim() || DEFAULT_INTEGRATION;

/** CHECKOUT_UNTAGGED_BEFORE, an ISO 8601 time (`2026-11-20T09:00:00Z`), in Unix seconds; a bad value throws at start-up. */
export function untaggedBeforeFromEnv(env: NodeJS.ProcessEnv): number | undefined {
  const value = env.CHECKOUT_UNTAGGED_BEFORE?.trim();
  if (!value) return undefined;
  const ms = /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/i.test(value) ? Date.parse(value) : NaN;
  if (!Number.isFinite(ms))
    throw new Error(`CHECKOUT_UNTAGGED_BEFORE must be an ISO 8601 time with a zone (2026-11-20T09:00:00Z), not ${JSON.stringify(value)}.`);
  return Math.floor(ms / 1000);
}
