// A session's line items as Stripe lists them (GET /v1/checkout/sessions/:id/line_items, the `stripe`
// library's LineItem): `object: 'item'`, the Price (named or made from `price_data`), the quantity,
// `amount_subtotal`, `amount_discount`, `amount_tax` and `amount_total` in the smallest unit, the
// description (the product's name), the line's metadata; a page of `limit` (1 to 100, default 10)
// after `starting_after` or before `ending_before`, in the order the session was created with.
import { formText, type FormObject, type FormValue } from './formBody';
import type { RequestScope } from './checkoutSessionRules';
import { token, type StandInObject } from './standInEvents';

function priceOf(item: FormObject, scope: RequestScope): StandInObject {
  if (typeof item.price === 'string') {
    const price = scope.prices.find(item.price, scope.account)!;
    const recurring = price.type === 'recurring' ? { interval: 'month', interval_count: 1, ...price.recurring } : null;
    return {
      id: price.id,
      object: 'price',
      currency: price.currency,
      unit_amount: price.unitAmount,
      type: recurring ? 'recurring' : 'one_time',
      recurring,
      product: `prod_${price.id}`,
      nickname: price.productName,
    };
  }
  const data = item.price_data as FormObject;
  const recurring = data.recurring as FormObject | undefined;
  return {
    id: `price_${token()}`,
    object: 'price',
    currency: data.currency,
    unit_amount: Number(data.unit_amount),
    type: recurring ? 'recurring' : 'one_time',
    recurring: recurring ? { interval: recurring.interval, interval_count: Number(recurring.interval_count ?? 1) } : null,
    product: data.product ?? `prod_${token()}`,
    nickname: null,
  };
}

/** The line items of a session created with `items` (already accepted). No discount or tax is modelled: both 0. */
export function lineItemsOf(items: FormValue | undefined, scope: RequestScope): StandInObject[] {
  if (!Array.isArray(items)) return [];
  return (items as FormObject[]).map((item) => {
    const price = priceOf(item, scope);
    const quantity = Number(item.quantity);
    const subtotal = (price.unit_amount as number) * quantity;
    const data = item.price_data as FormObject | undefined;
    const name = data
      ? (data.product_data as FormObject | undefined)?.name
      : scope.prices.find(formText(item.price), scope.account)?.productName;
    return {
      id: `li_${token()}`,
      object: 'item',
      adjustable_quantity: null,
      amount_discount: 0,
      amount_subtotal: subtotal,
      amount_tax: 0,
      amount_total: subtotal,
      currency: price.currency,
      description: name ?? null,
      metadata: (item.metadata as FormObject | undefined) ?? {},
      price,
      quantity,
    };
  });
}

const refuse = (message: string, param?: string) => ({
  status: 400,
  body: { error: { type: 'invalid_request_error', ...(param ? { param } : {}), message } },
});

/** One page of a session's line items, as Stripe answers it. */
export function listLineItems(sessionId: string, items: StandInObject[], query: FormObject): { status: number; body: unknown } {
  const unknown = Object.keys(query).find((name) => !['ending_before', 'expand', 'limit', 'starting_after'].includes(name));
  if (unknown) return refuse(`Received unknown parameter: ${unknown}`, unknown);
  const limit = query.limit === undefined ? 10 : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) return refuse('This value must be between 1 and 100.', 'limit');
  if (query.starting_after !== undefined && query.ending_before !== undefined)
    return refuse('You may only specify one of these parameters: ending_before, starting_after.');
  const cursor = query.starting_after ?? query.ending_before;
  const at = cursor === undefined ? -1 : items.findIndex((item) => item.id === cursor);
  if (cursor !== undefined && at < 0)
    return refuse(`No such line item: '${formText(cursor)}'`, query.starting_after ? 'starting_after' : 'ending_before');
  const after = query.ending_before !== undefined ? items.slice(0, at) : items.slice(at + 1);
  const page = query.ending_before !== undefined ? after.slice(-limit) : after.slice(0, limit);
  const url = `/v1/checkout/sessions/${sessionId}/line_items`;
  return { status: 200, body: { object: 'list', url, has_more: after.length > limit, data: page } };
}
