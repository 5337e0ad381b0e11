// GET /v1/checkout/sessions as Stripe answers it at the modelled version: newest first, filtered by
// `created` (a timestamp or a gt/gte/lt/lte range), `status` and the ids a session carries, a page of
// `limit` (1 to 100, default 10) after `starting_after` or before `ending_before` (exclusive, never
// both), and `has_more`. Anything Stripe refuses is refused with Stripe's error shape.
import { formText, type FormObject, type FormValue } from './formBody';
import type { StripeErrorBody } from './checkoutSessionRules';
import type { StandInObject } from './standInEvents';

// List parameters at this version (from the `stripe` library's SessionListParams and PaginationParams).
const KNOWN = [
  'created',
  'customer',
  'customer_account',
  'customer_details',
  'ending_before',
  'expand',
  'limit',
  'payment_intent',
  'payment_link',
  'starting_after',
  'status',
  'subscription',
];
const RANGE = ['gt', 'gte', 'lt', 'lte'];
const STATUSES = ['complete', 'expired', 'open'];
/** Filters that compare a session's own field with the value given. */
const EQUAL = ['customer', 'customer_account', 'payment_link', 'subscription'];

export type ListAnswer = { status: number; body: unknown };

export const refuse = (message: string, param?: string, code?: string): ListAnswer => ({
  status: 400,
  body: {
    error: { type: 'invalid_request_error', ...(code ? { code } : {}), ...(param ? { param } : {}), message } satisfies
      StripeErrorBody | Omit<StripeErrorBody, 'param'>,
  },
});
export const integer = (value: FormValue) => (typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : NaN);
const idOf = (value: unknown) => (typeof value === 'object' && value !== null ? (value as { id?: string }).id : value);

export function createdTest(created: FormValue): ((t: number) => boolean) | ListAnswer {
  if (typeof created === 'string') {
    const at = integer(created);
    return Number.isNaN(at) ? refuse(`Invalid integer: ${created}`, 'created') : (t) => t === at;
  }
  if (Array.isArray(created)) return refuse('Invalid created: must be an integer or a hash of gt, gte, lt, lte', 'created');
  const bounds: Array<(t: number) => boolean> = [];
  for (const [key, raw] of Object.entries(created)) {
    if (!RANGE.includes(key)) return refuse(`Received unknown parameter: created[${key}]`, `created[${key}]`, 'parameter_unknown');
    const v = integer(raw);
    if (Number.isNaN(v)) return refuse(`Invalid integer: ${formText(raw)}`, `created[${key}]`);
    bounds.push(
      { gt: (t: number) => t > v, gte: (t: number) => t >= v, lt: (t: number) => t < v, lte: (t: number) => t <= v }[key as 'gt'],
    );
  }
  return (t) => bounds.every((ok) => ok(t));
}

/** `sessions`: every session, newest first. */
export function listSessions(sessions: StandInObject[], query: FormObject): ListAnswer {
  const unknown = Object.keys(query).find((name) => !KNOWN.includes(name));
  if (unknown) return refuse(`Received unknown parameter: ${unknown}`, unknown, 'parameter_unknown');
  const limit = query.limit === undefined ? 10 : integer(query.limit);
  if (Number.isNaN(limit)) return refuse(`Invalid integer: ${formText(query.limit)}`, 'limit');
  if (limit < 1) return refuse('This value must be greater than or equal to 1.', 'limit');
  if (limit > 100) return refuse('This value must be less than or equal to 100.', 'limit');
  if (query.starting_after !== undefined && query.ending_before !== undefined) {
    return refuse('You may only specify one of these parameters: ending_before, starting_after.');
  }
  if (query.status !== undefined && !STATUSES.includes(query.status as string))
    return refuse('Invalid status: must be one of complete, expired, or open', 'status');
  const created = query.created === undefined ? () => true : createdTest(query.created);
  if (typeof created !== 'function') return created;
  let matching = sessions.filter(
    (s) =>
      created(s.created as number) &&
      (query.status === undefined || s.status === query.status) &&
      (query.payment_intent === undefined || idOf(s.payment_intent) === query.payment_intent) &&
      EQUAL.every((name) => query[name] === undefined || s[name] === query[name]),
  );
  const cursor = (query.starting_after ?? query.ending_before) as string | undefined;
  let hasMore: boolean;
  if (cursor !== undefined) {
    const at = sessions.findIndex((s) => s.id === cursor);
    const param = query.starting_after !== undefined ? 'starting_after' : 'ending_before';
    if (at < 0) return refuse(`No such checkout.session: '${cursor}'`, param, 'resource_missing');
    const index = (s: StandInObject) => sessions.indexOf(s);
    matching = param === 'starting_after' ? matching.filter((s) => index(s) > at) : matching.filter((s) => index(s) < at);
    hasMore = matching.length > limit;
    matching = param === 'starting_after' ? matching.slice(0, limit) : matching.slice(-limit);
  } else {
    hasMore = matching.length > limit;
    matching = matching.slice(0, limit);
  }
  return { status: 200, body: { object: 'list', url: '/v1/checkout/sessions', has_more: hasMore, data: matching } };
}
