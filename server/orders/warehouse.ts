// The example's `fulfil`: ship by POSTing the order as JSON to the warehouse (WAREHOUSE_URL), with the
// Checkout Session's id as the Idempotency-Key, so a repeated call (a takeover after a crash, a
// reconciliation) is one shipment at the warehouse. A non-2xx, a network failure or no answer within
// the timeout throws: the lease is released and Stripe delivers again. Without a URL it only logs.
import type Stripe from 'stripe';
import type { Fulfil } from './orders';

/** One paid line, as Stripe listed it: the product our server named on it, and what Stripe charged. */
export interface WarehouseLine {
  productId: string | null;
  description: string | null;
  quantity: number;
  /** In the currency's smallest unit: before discounts, the discount, and what was paid. */
  amountSubtotal: number;
  amountDiscount: number;
  amountTotal: number;
  currency: string;
}

export interface WarehouseOrder {
  checkoutSessionId: string;
  /** A one-line order's product and quantity, as before carts; a cart's are in `lines`. */
  productId: string | null;
  quantity: number;
  amountTotal: number | null;
  currency: string | null;
  /** Every paid line, from Stripe's list of the session's line items. */
  lines: WarehouseLine[];
}

export const warehouseLine = (line: Stripe.LineItem): WarehouseLine => ({
  productId: line.metadata?.product_id ?? null,
  description: line.description,
  quantity: line.quantity ?? 1,
  amountSubtotal: line.amount_subtotal,
  amountDiscount: line.amount_discount,
  amountTotal: line.amount_total,
  currency: line.currency,
});

export interface WarehouseOptions {
  url?: string;
  /** Well under the lease's renewal period is not needed: the lease is renewed while this waits. */
  timeoutMs?: number;
  log?: (line: string) => void;
}

export function warehouseFulfil({ url, timeoutMs = 10_000, log = console.log }: WarehouseOptions = {}): Fulfil {
  return async (session, { idempotencyKey, paidLines }) => {
    const lines = (await paidLines()).map(warehouseLine);
    const order: WarehouseOrder = {
      checkoutSessionId: session.id,
      productId: session.metadata?.product_id ?? null,
      // The session's metadata says how many (sessionParams.ts); sessions from before it bought one.
      quantity: Number(session.metadata?.quantity) || 1,
      amountTotal: session.amount_total,
      currency: session.currency,
      lines,
    };
    const what = lines.map((line) => `${line.quantity} × ${line.productId ?? line.description ?? '?'}`).join(', ');
    if (!url) return log(`order ${session.id} paid: ship ${what || order.productId || 'the order'}`);
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
      body: JSON.stringify(order),
      signal: AbortSignal.timeout(timeoutMs),
    });
    // The body is not needed; reading it frees the connection.
    await res.arrayBuffer().catch(() => undefined);
    if (!res.ok) throw new Error(`The warehouse answered ${res.status} for ${session.id}.`);
  };
}
