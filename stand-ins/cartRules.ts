// What Stripe refuses of a session's lines taken together, by mode: payment mode takes up to 100 lines
// and no recurring price; subscription mode needs a recurring price, takes up to 20 recurring and 20
// one-time lines, one currency and one billing period; `subscription_data` (a trial) is for
// subscription mode only. The `stripe` library's SessionCreateParams documents each limit.
import { formText, type FormObject, type FormValue } from './formBody';
import type { RequestScope, StripeErrorBody } from './checkoutSessionRules';

export const MAX_PAYMENT_LINE_ITEMS = 100;
export const MAX_SUBSCRIPTION_LINE_ITEMS_EACH = 20;
const INTERVALS = ['day', 'week', 'month', 'year'];
/** Stripe bills at most every 3 years. */
const MAX_COUNT: Record<string, number> = { day: 1095, week: 156, month: 36, year: 3 };

const invalid = (param: string, message: string, code?: string): StripeErrorBody => ({
  type: 'invalid_request_error',
  ...(code ? { code } : {}),
  param,
  message,
});
const isObject = (v: FormValue | undefined): v is FormObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A line's price as the rules need it: its currency and its billing period ('' for a one-time price). */
export interface LinePrice {
  currency: string | null;
  period: string;
}

/** `price_data[recurring]`, checked; its period ('' when absent), or the refusal. */
export function recurringOf(data: FormObject, at: string): { period: string } | StripeErrorBody {
  const recurring = data.recurring;
  if (recurring === undefined) return { period: '' };
  if (!isObject(recurring)) return invalid(`${at}[price_data][recurring]`, 'Invalid object');
  if (typeof recurring.interval !== 'string' || !INTERVALS.includes(recurring.interval))
    return invalid(`${at}[price_data][recurring][interval]`, 'Invalid recurring[interval]: must be one of day, week, month, or year');
  const count = recurring.interval_count ?? '1';
  if (typeof count !== 'string' || !/^[1-9]\d*$/.test(count))
    return invalid(`${at}[price_data][recurring][interval_count]`, 'Invalid positive integer', 'parameter_invalid_integer');
  if (Number(count) > MAX_COUNT[recurring.interval])
    return invalid(
      `${at}[price_data][recurring][interval_count]`,
      'The maximum billing interval is 3 years (3 years, 36 months, or 156 weeks).',
    );
  return { period: `${count} ${recurring.interval}` };
}

/** Each line's currency and period (the named Price's, or the inline one's); lines already checked one by one. */
export function linePrices(items: FormValue[], scope: RequestScope): LinePrice[] {
  return items.map((item) => {
    const line = item as FormObject;
    if (typeof line.price === 'string') {
      const price = scope.prices.find(line.price, scope.account);
      const recurring = price?.type === 'recurring' ? (price.recurring ?? { interval: 'month' }) : undefined;
      return { currency: price?.currency ?? null, period: recurring ? `${recurring.interval_count ?? 1} ${recurring.interval}` : '' };
    }
    const data = line.price_data as FormObject;
    const recurring = data.recurring as FormObject | undefined;
    return {
      currency: data.currency as string,
      period: recurring ? `${formText(recurring.interval_count ?? '1')} ${formText(recurring.interval)}` : '',
    };
  });
}

/** The first thing Stripe refuses of the lines together in `mode`, or null. */
export function refuseCart(params: FormObject, mode: string, lines: LinePrice[]): StripeErrorBody | null {
  const recurring = lines.filter((line) => line.period !== '');
  if (params.subscription_data !== undefined && mode !== 'subscription')
    return invalid('subscription_data', 'You can only specify `subscription_data` in `subscription` mode.');
  const trial = isObject(params.subscription_data) ? params.subscription_data.trial_period_days : undefined;
  if (trial !== undefined && (typeof trial !== 'string' || !/^[1-9]\d*$/.test(trial) || Number(trial) > 730))
    return invalid('subscription_data[trial_period_days]', 'Trial period days must be an integer between 1 and 730.');
  if (new Set(lines.map((line) => line.currency)).size > 1) return invalid('line_items', 'All line items must have the same currency.');
  if (mode === 'payment') {
    const at = lines.findIndex((line) => line.period !== '');
    // Named as Stripe names it: the Price, or the inline price's `recurring`.
    const item = (params.line_items as FormValue[] | undefined)?.[at];
    const param = isObject(item) && item.price !== undefined ? `line_items[${at}][price]` : `line_items[${at}][price_data][recurring]`;
    if (at >= 0)
      return invalid(
        param,
        'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
      );
    if (lines.length > MAX_PAYMENT_LINE_ITEMS)
      return invalid('line_items', `You may only specify up to ${MAX_PAYMENT_LINE_ITEMS} line items in \`payment\` mode.`);
    return null;
  }
  if (recurring.length === 0)
    return invalid('line_items', 'You must provide at least one recurring price in `subscription` mode when using prices.');
  if (recurring.length > MAX_SUBSCRIPTION_LINE_ITEMS_EACH || lines.length - recurring.length > MAX_SUBSCRIPTION_LINE_ITEMS_EACH)
    return invalid(
      'line_items',
      `You may only specify up to ${MAX_SUBSCRIPTION_LINE_ITEMS_EACH} line items with recurring prices and ${MAX_SUBSCRIPTION_LINE_ITEMS_EACH} with one-time prices in \`subscription\` mode.`,
    );
  if (new Set(recurring.map((line) => line.period)).size > 1)
    return invalid('line_items', 'All prices on a subscription must have the same `recurring.interval` and `recurring.interval_count`.');
  return null;
}
