// What Stripe's API refuses when a Checkout Session is created, at the one API version the stand-in
// models. Each refusal is Stripe-shaped (`type`, `code` where Stripe has one, `param`, `message`), so
// the `stripe` library raises the same error class it would against the real API.
import { formText, type FormObject, type FormValue } from './formBody';
import type { PriceBook } from './prices';
import { linePrices, recurringOf, refuseCart } from './cartRules';

export interface StripeErrorBody {
  type: 'invalid_request_error' | 'idempotency_error';
  code?: string;
  param?: string;
  message: string;
}

/** The API version whose rules are written here; a request for any other is refused, not guessed at. */
export const MODELLED_API_VERSION = '2026-10-28.endive';

export const UI_MODES = ['elements', 'embedded_page', 'form', 'hosted_page'] as const;
const MODES = ['payment', 'setup', 'subscription'];

// Checkout Session create parameters at this version (from the `stripe` library's types).
const KNOWN_PARAMS = new Set(
  (
    'adaptive_pricing after_expiration allow_promotion_codes allowed_payment_method_types automatic_tax billing_address_collection ' +
    'branding_settings cancel_url client_reference_id consent_collection currency custom_fields custom_text customer customer_account ' +
    'customer_creation customer_email customer_update discounts excluded_payment_method_types expand expires_at integration_identifier ' +
    'invoice_creation line_items locale managed_payments metadata mode name_collection optional_items origin_context payment_intent_data ' +
    'payment_method_collection payment_method_configuration payment_method_data payment_method_options permissions phone_number_collection ' +
    'redirect_on_completion return_url saved_payment_method_options setup_intent_data shipping_address_collection shipping_options ' +
    'submit_type subscription_data success_url tax_id_collection ui_mode wallet_options'
  ).split(' '),
);

const invalid = (param: string, message: string, code?: string): StripeErrorBody => ({
  type: 'invalid_request_error',
  ...(code ? { code } : {}),
  param,
  message,
});
const missing = (param: string) => invalid(param, `Missing required param: ${param}.`, 'parameter_missing');
const oneOf = (param: string, values: readonly string[]) =>
  invalid(param, `Invalid ${param}: must be one of ${values.slice(0, -1).join(', ')}, or ${values[values.length - 1]}`);
const isObject = (v: FormValue | undefined): v is FormObject => typeof v === 'object' && v !== null && !Array.isArray(v);

function badUrl(params: FormObject, name: string): StripeErrorBody | null {
  const value = params[name];
  if (value === undefined) return null;
  // Stripe keeps `{CHECKOUT_SESSION_ID}` literally and fills it in at the redirect.
  try {
    if (typeof value === 'string' && /^https?:$/.test(new URL(value.replace('{CHECKOUT_SESSION_ID}', 'cs_x')).protocol)) return null;
  } catch {
    // not a URL at all
  }
  return invalid(name, 'Not a valid URL', 'url_invalid');
}

function notSupported(params: FormObject, uiMode: string, names: string[]): StripeErrorBody | null {
  const present = names.filter((name) => params[name] !== undefined).sort();
  return present.length
    ? invalid(present[0], `The following parameters are not supported with 'ui_mode: ${uiMode}': ${present.join(', ')}.`)
    : null;
}

/** Top-level parameters the API refuses with `ui_mode: 'elements'`. */
export const ELEMENTS_REFUSES = [
  'after_expiration',
  'branding_settings',
  'cancel_url',
  'custom_fields',
  'custom_text',
  'optional_items',
  'origin_context',
  'redirect_on_completion',
  'submit_type',
  'success_url',
];

/** What the request is made for: the account (Stripe-Account) whose prices it may name. */
export interface RequestScope {
  prices: PriceBook;
  account?: string;
}

/** Stripe's cap on one line item's quantity (the adjustable maximum's ceiling too). */
export const MAX_LINE_QUANTITY = 999_999;

/** A syntactically valid address, as Stripe checks `customer_email`. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `expires_at`: "anywhere from 30 minutes to 24 hours after Checkout Session creation". */
function badExpiry(value: FormValue | undefined, nowSeconds = Math.floor(Date.now() / 1000)): StripeErrorBody | null {
  if (value === undefined) return null;
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return invalid('expires_at', 'Invalid integer', 'parameter_invalid_integer');
  const after = Number(value) - nowSeconds;
  // A few seconds of slack: the request took time to arrive.
  if (after < 30 * 60 - 5 || after > 24 * 3600 + 5) {
    return invalid('expires_at', 'The `expires_at` timestamp must be between 30 minutes and 24 hours from the Checkout Session creation.');
  }
  return null;
}

function lineItemError(item: FormValue, i: number, scope: RequestScope): StripeErrorBody | null {
  const at = `line_items[${i}]`;
  if (!isObject(item)) return invalid(at, 'Invalid object');
  if (item.price === undefined && item.price_data === undefined)
    return invalid(`${at}[price]`, 'You must specify either `price` or `price_data` for each line item.', 'parameter_missing');
  if (item.price !== undefined && item.price_data !== undefined)
    return invalid(`${at}[price]`, 'You may only specify one of these parameters: price, price_data.', 'parameters_exclusive');
  if (item.quantity === undefined) return missing(`${at}[quantity]`);
  if (typeof item.quantity !== 'string' || !/^[1-9]\d*$/.test(item.quantity))
    return invalid(`${at}[quantity]`, 'Invalid positive integer', 'parameter_invalid_integer');
  if (Number(item.quantity) > MAX_LINE_QUANTITY)
    return invalid(`${at}[quantity]`, `This value must be less than or equal to ${MAX_LINE_QUANTITY}.`, 'parameter_invalid_integer');
  if (item.price !== undefined) {
    const price = typeof item.price === 'string' ? scope.prices.find(item.price, scope.account) : undefined;
    if (!price) return invalid(`${at}[price]`, `No such price: '${formText(item.price)}'`, 'resource_missing');
    if (price.active === false) return invalid(`${at}[price]`, 'The price specified is inactive. This field only accepts active prices.');
  }
  const data = item.price_data;
  if (data === undefined) return null;
  if (!isObject(data)) return invalid(`${at}[price_data]`, 'Invalid object');
  if (typeof data.currency !== 'string' || !/^[a-z]{3}$/.test(data.currency)) return missing(`${at}[price_data][currency]`);
  if (data.unit_amount === undefined && data.unit_amount_decimal === undefined) return missing(`${at}[price_data][unit_amount]`);
  if (data.unit_amount !== undefined && (typeof data.unit_amount !== 'string' || !/^\d+$/.test(data.unit_amount))) {
    return invalid(`${at}[price_data][unit_amount]`, 'Invalid integer', 'parameter_invalid_integer');
  }
  if (
    data.product === undefined &&
    !(isObject(data.product_data) && typeof data.product_data.name === 'string' && data.product_data.name)
  ) {
    return missing(`${at}[price_data][product_data][name]`);
  }
  const recurring = recurringOf(data, at);
  return 'period' in recurring ? null : recurring;
}

/** The first thing the real API would refuse in these create parameters, or null. */
export function refuseSessionParams(params: FormObject, scope: RequestScope): StripeErrorBody | null {
  const unknown = Object.keys(params).find((name) => !KNOWN_PARAMS.has(name));
  if (unknown) return invalid(unknown, `Received unknown parameter: ${unknown}`, 'parameter_unknown');
  if (params.mode === undefined) return missing('mode');
  if (typeof params.mode !== 'string' || !MODES.includes(params.mode)) return oneOf('mode', MODES);
  const uiMode = params.ui_mode ?? 'hosted_page';
  if (typeof uiMode !== 'string' || !(UI_MODES as readonly string[]).includes(uiMode)) return oneOf('ui_mode', UI_MODES);
  for (const name of ['success_url', 'cancel_url', 'return_url']) {
    const error = badUrl(params, name);
    if (error) return error;
  }
  if (uiMode === 'hosted_page') {
    const error = notSupported(params, uiMode, ['redirect_on_completion', 'return_url']);
    if (error) return error;
    if (params.success_url === undefined) return missing('success_url');
  } else if (uiMode === 'embedded_page') {
    const error = notSupported(params, uiMode, ['cancel_url', 'success_url']);
    if (error) return error;
    const redirect = params.redirect_on_completion ?? 'always';
    if (typeof redirect !== 'string' || !['always', 'if_required', 'never'].includes(redirect))
      return oneOf('redirect_on_completion', ['always', 'if_required', 'never']);
    if (redirect === 'never' && params.return_url !== undefined)
      return invalid('return_url', "return_url cannot be set when redirect_on_completion is 'never'.");
    if (redirect !== 'never' && params.return_url === undefined) return missing('return_url');
  } else if (uiMode === 'elements') {
    // The `stripe` library's documentation of each parameter says which ones `elements` refuses;
    // `redirect_on_completion` is documented for `embedded_page` only (the Elements SDK's `confirm`
    // takes its own `redirect`).
    const error = notSupported(params, uiMode, ELEMENTS_REFUSES);
    if (error) return error;
    // Required when redirect-based payment methods are on, as they are on a new account: the
    // stand-in models that account, so a session without it is refused.
    if (params.return_url === undefined) return missing('return_url');
  } else {
    return invalid('ui_mode', `The stand-in does not model ui_mode '${uiMode}' (the real API accepts it).`);
  }
  const expiry = badExpiry(params.expires_at);
  if (expiry) return expiry;
  if (params.allow_promotion_codes !== undefined && params.discounts !== undefined) {
    return invalid(
      'allow_promotion_codes',
      'You may only specify one of these parameters: allow_promotion_codes, discounts.',
      'parameters_exclusive',
    );
  }
  if (
    params.allow_promotion_codes !== undefined &&
    (typeof params.allow_promotion_codes !== 'string' || !['true', 'false'].includes(params.allow_promotion_codes))
  ) {
    return invalid('allow_promotion_codes', 'Invalid boolean: ' + formText(params.allow_promotion_codes));
  }
  if (params.customer_email !== undefined) {
    if (params.customer !== undefined)
      return invalid('customer_email', 'You may only specify one of these parameters: customer, customer_email.', 'parameters_exclusive');
    if (typeof params.customer_email !== 'string' || !EMAIL.test(params.customer_email)) {
      return invalid('customer_email', `Invalid email address: ${formText(params.customer_email)}`, 'email_invalid');
    }
  }
  if (params.mode !== 'setup') {
    const items = params.line_items;
    if (!Array.isArray(items) || items.length === 0) return missing('line_items');
    for (let i = 0; i < items.length; i++) {
      const error = lineItemError(items[i], i, scope);
      if (error) return error;
    }
    return refuseCart(params, params.mode, linePrices(items, scope));
  }
  return null;
}
