// The stand-in's answers for customers, subscriptions and the Customer Portal, as Stripe's API gives
// them at the modelled version: retrieve and list subscriptions (by default without the canceled
// ones; `status=all` lists every one), create and retrieve customers, and create a portal session,
// which needs a `customer` of the account and a `return_url` unless the portal's configuration has a
// default one. Another account's objects do not exist for a request.
import { randomBytes } from 'node:crypto';
import { decodeForm, formText, type FormObject } from './formBody';
import { stripeError, type StandInAnswer } from './idempotencyKeys';
import { createdTest, integer, refuse } from './sessionList';
import type { SubscriptionBook } from './subscriptions';

export interface PortalConfiguration {
  /** The configuration's `default_return_url`; without it a session must name `return_url`. */
  defaultReturnUrl?: string;
}

const LIST_PARAMS = ['created', 'customer', 'ending_before', 'expand', 'limit', 'price', 'starting_after', 'status'];
const STATUSES = ['active', 'all', 'canceled', 'ended', 'incomplete', 'incomplete_expired', 'past_due', 'paused', 'trialing', 'unpaid'];
const ENDED = ['canceled', 'incomplete_expired'];
const PORTAL_PARAMS = [
  'after_expiration',
  'configuration',
  'customer',
  'customer_account',
  'expand',
  'flow_data',
  'locale',
  'on_behalf_of',
  'return_url',
];

/** 404 for the object a path names; 400 for one a parameter names (Stripe answers both `resource_missing`). */
const missing = (kind: string, id: string, param: string, status = 404) =>
  stripeError(status, { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${kind}: '${id}'` });

function listSubscriptions(book: SubscriptionBook, account: string | undefined, query: FormObject): StandInAnswer {
  const unknown = Object.keys(query).find((name) => !LIST_PARAMS.includes(name));
  if (unknown) return refuse(`Received unknown parameter: ${unknown}`, unknown, 'parameter_unknown');
  const limit = query.limit === undefined ? 10 : integer(query.limit);
  if (!(limit >= 1 && limit <= 100)) return refuse('This value must be between 1 and 100.', 'limit');
  const status = (query.status as string | undefined) ?? null;
  if (status !== null && !STATUSES.includes(status)) return refuse(`Invalid status: must be one of ${STATUSES.join(', ')}`, 'status');
  const created = query.created === undefined ? () => true : createdTest(query.created);
  if (typeof created !== 'function') return created;
  const all = book.newestFirst(account);
  let matching = all.filter((s) => {
    const st = s.status as string;
    const byStatus = status === null ? st !== 'canceled' : status === 'all' || (status === 'ended' ? ENDED.includes(st) : st === status);
    return byStatus && created(s.created as number) && (query.customer === undefined || s.customer === query.customer);
  });
  if (query.starting_after !== undefined) {
    const at = all.findIndex((s) => s.id === query.starting_after);
    if (at < 0) return refuse(`No such subscription: '${formText(query.starting_after)}'`, 'starting_after', 'resource_missing');
    matching = matching.filter((s) => all.indexOf(s) > at);
  }
  return {
    status: 200,
    body: { object: 'list', url: '/v1/subscriptions', has_more: matching.length > limit, data: matching.slice(0, limit) },
  };
}

function createPortalSession(
  book: SubscriptionBook,
  account: string | undefined,
  body: FormObject,
  config: PortalConfiguration,
): StandInAnswer {
  const unknown = Object.keys(body).find((name) => !PORTAL_PARAMS.includes(name));
  if (unknown) return refuse(`Received unknown parameter: ${unknown}`, unknown, 'parameter_unknown');
  const customer = body.customer;
  if (customer === undefined && body.customer_account === undefined)
    return stripeError(400, {
      type: 'invalid_request_error',
      code: 'parameter_missing',
      param: 'customer',
      message: 'Missing required param: customer.',
    });
  if (typeof customer !== 'string' || !book.customer(customer, account))
    return missing('customer', formText(customer ?? ''), 'customer', 400);
  const returnUrl = (body.return_url as string | undefined) ?? config.defaultReturnUrl;
  if (!returnUrl)
    return stripeError(400, {
      type: 'invalid_request_error',
      param: 'return_url',
      message: 'You must provide a return_url, or set a default return URL in your Customer Portal settings.',
    });
  const id = `bps_${randomBytes(12).toString('hex')}`;
  return {
    status: 200,
    body: {
      id,
      object: 'billing_portal.session',
      configuration: 'bpc_standInDefault',
      created: Math.floor(Date.now() / 1000),
      customer,
      customer_account: null,
      flow: null,
      livemode: false,
      locale: (body.locale as string | undefined) ?? null,
      on_behalf_of: null,
      return_url: returnUrl,
      url: `https://billing.stripe.com/p/session/test_${id}`,
    },
  };
}

/** The answer for one request, or null when the path is none of these. */
export function answerSubscriptions(
  book: SubscriptionBook,
  request: { method: string; path: string; search: string; body: string; account: string | undefined },
  config: PortalConfiguration,
): StandInAnswer | null {
  const { method, path, search, body, account } = request;
  if (path === '/v1/billing_portal/sessions' && method === 'POST') return createPortalSession(book, account, decodeForm(body), config);
  if (path === '/v1/subscriptions' && method === 'GET') return listSubscriptions(book, account, decodeForm(search));
  if (path === '/v1/customers' && method === 'POST') {
    const email = decodeForm(body).email;
    return { status: 200, body: book.createCustomer(account, typeof email === 'string' ? email : null) };
  }
  const one = /^\/v1\/(subscriptions|customers)\/([^/]+)$/.exec(path);
  if (!one || method !== 'GET') return null;
  const id = decodeURIComponent(one[2]);
  const found = one[1] === 'subscriptions' ? book.subscription(id, account) : book.customer(id, account);
  return found ? { status: 200, body: found } : missing(one[1] === 'subscriptions' ? 'subscription' : 'customer', id, 'id');
}
