// The stand-in's customers and subscriptions, and the invoices that move a subscription on, as Stripe
// shapes them at the modelled version (`stripe` 23's types): a subscription's period lives on its items
// (`items.data[].current_period_end`), an invoice names its subscription under
// `parent.subscription_details` (with a snapshot of its metadata), and `billing_reason` tells the first
// invoice (`subscription_create`) from a renewal (`subscription_cycle`). A test plays Stripe's side
// (start, renew, fail a payment, update, cancel) and gets the events Stripe would send, to deliver in
// any order, any number of times. Each object lives on one account: another account's does not exist.
import { standInEvent, token, type StandInEvent, type StandInObject } from './standInEvents';

const DAY = 86_400;
const MONTH = 30 * DAY;

export interface StartSubscription {
  price: string;
  quantity?: number;
  trialDays?: number;
  metadata?: Record<string, string>;
  /** An existing customer; a new one by default. */
  customer?: string;
  /** The connected account it lives on. */
  account?: string;
}

interface Owned<T> {
  object: T;
  account: string | undefined;
}

export class SubscriptionBook {
  private readonly customers = new Map<string, Owned<StandInObject>>();
  private readonly subscriptions = new Map<string, Owned<StandInObject>>();

  constructor(private readonly now: () => number = Date.now) {}

  private seconds = () => Math.floor(this.now() / 1000);

  createCustomer(account?: string, email: string | null = null): StandInObject {
    const customer = { id: `cus_${token(7)}`, object: 'customer', created: this.seconds(), email, livemode: false, metadata: {} };
    this.customers.set(customer.id, { object: customer, account });
    return customer;
  }

  /** The customer as `account` sees it. */
  customer(id: string, account: string | undefined): StandInObject | undefined {
    const owned = this.customers.get(id);
    return owned && owned.account === account ? owned.object : undefined;
  }

  subscription(id: string, account: string | undefined): StandInObject | undefined {
    const owned = this.subscriptions.get(id);
    return owned && owned.account === account ? structuredClone(owned.object) : undefined;
  }

  /** Every subscription of `account`, newest first. */
  newestFirst(account: string | undefined): StandInObject[] {
    return [...this.subscriptions.values()]
      .filter((owned) => owned.account === account)
      .map((owned) => structuredClone(owned.object))
      .reverse()
      .sort((a, b) => (b.created as number) - (a.created as number));
  }

  /** A Checkout Session in subscription mode completed: the subscription, and its first invoice paid. */
  start(input: StartSubscription): { subscription: StandInObject; events: StandInEvent[] } {
    const now = this.seconds();
    const customer = input.customer ?? (this.createCustomer(input.account).id as string);
    const trialEnd = input.trialDays ? now + input.trialDays * DAY : null;
    const id = `sub_${token()}`;
    const subscription: StandInObject = {
      id,
      object: 'subscription',
      created: now,
      start_date: now,
      customer,
      status: trialEnd ? 'trialing' : 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      trial_start: trialEnd ? now : null,
      trial_end: trialEnd,
      currency: 'eur',
      livemode: false,
      metadata: input.metadata ?? {},
      latest_invoice: null,
      items: {
        object: 'list',
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
        data: [this.item(id, input.price, input.quantity ?? 1, now, trialEnd ?? now + MONTH)],
      },
    };
    this.subscriptions.set(id, { object: subscription, account: input.account });
    // A trial's first invoice is for nothing, and paid at once.
    const invoice = this.invoice(id, 'subscription_create', trialEnd ? 0 : 900, true);
    return {
      subscription: structuredClone(subscription),
      events: [this.event('customer.subscription.created', id), this.invoiceEvent('invoice.paid', id, invoice)],
    };
  }

  /** A new period paid: `invoice.paid` (a trial that ends becomes active: `customer.subscription.updated`). */
  renew(id: string): StandInEvent[] {
    const sub = this.own(id);
    const item = (sub.items as { data: StandInObject[] }).data[0];
    const start = item.current_period_end as number;
    Object.assign(item, { current_period_start: start, current_period_end: start + MONTH });
    const previous = sub.status;
    sub.status = 'active';
    const invoice = this.invoice(id, 'subscription_cycle', 900, true);
    const events = [this.invoiceEvent('invoice.paid', id, invoice)];
    return previous === 'active' ? events : [this.event('customer.subscription.updated', id, { status: previous }), ...events];
  }

  /** A renewal's payment failed: `invoice.payment_failed` and the subscription `past_due`. */
  failPayment(id: string, attempts = 1): StandInEvent[] {
    const sub = this.own(id);
    const previous = sub.status;
    sub.status = 'past_due';
    const invoice = this.invoice(id, 'subscription_cycle', 900, false, attempts);
    return [
      this.invoiceEvent('invoice.payment_failed', id, invoice),
      this.event('customer.subscription.updated', id, { status: previous }),
    ];
  }

  /** The plan, quantity or cancellation schedule changed (in the portal, say). */
  update(id: string, change: { price?: string; quantity?: number; cancelAtPeriodEnd?: boolean }): StandInEvent[] {
    const sub = this.own(id);
    const item = (sub.items as { data: StandInObject[] }).data[0];
    const previous: StandInObject = {};
    if (change.price !== undefined || change.quantity !== undefined) {
      previous.items = structuredClone(sub.items);
      if (change.price !== undefined) item.price = this.price(change.price);
      if (change.quantity !== undefined) item.quantity = change.quantity;
    }
    if (change.cancelAtPeriodEnd !== undefined) {
      previous.cancel_at_period_end = sub.cancel_at_period_end;
      sub.cancel_at_period_end = change.cancelAtPeriodEnd;
      sub.cancel_at = change.cancelAtPeriodEnd ? item.current_period_end : null;
    }
    return [this.event('customer.subscription.updated', id, previous)];
  }

  /** Canceled now: `customer.subscription.deleted`, the subscription `canceled` for good. */
  cancel(id: string): StandInEvent[] {
    const sub = this.own(id);
    Object.assign(sub, { status: 'canceled', canceled_at: this.seconds(), ended_at: this.seconds() });
    return [this.event('customer.subscription.deleted', id)];
  }

  private own(id: string): StandInObject {
    const sub = this.subscriptions.get(id)?.object;
    if (!sub) throw new Error(`stand-in: no subscription ${id}`);
    if (sub.status === 'canceled') throw new Error(`stand-in: subscription ${id} is canceled`);
    return sub;
  }

  private price = (id: string) => ({ id, object: 'price', type: 'recurring', recurring: { interval: 'month', interval_count: 1 } });

  private item(subscription: string, price: string, quantity: number, start: number, end: number): StandInObject {
    return {
      id: `si_${token(7)}`,
      object: 'subscription_item',
      subscription,
      price: this.price(price),
      quantity,
      current_period_start: start,
      current_period_end: end,
    };
  }

  private invoice(id: string, reason: string, amount: number, paid: boolean, attempts = 1): StandInObject {
    const sub = this.subscriptions.get(id)!.object;
    const invoice: StandInObject = {
      id: `in_${token()}`,
      object: 'invoice',
      created: this.seconds(),
      customer: sub.customer,
      billing_reason: reason,
      status: paid ? 'paid' : 'open',
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      attempt_count: attempts,
      attempted: true,
      currency: 'eur',
      livemode: false,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: id, metadata: { ...(sub.metadata as object) } },
      },
    };
    sub.latest_invoice = invoice.id;
    return invoice;
  }

  private invoiceEvent(type: string, id: string, invoice: StandInObject): StandInEvent {
    return this.envelope(type, id, invoice);
  }

  private event(type: string, id: string, previous?: StandInObject): StandInEvent {
    return this.envelope(type, id, structuredClone(this.subscriptions.get(id)!.object), previous);
  }

  private envelope(type: string, id: string, object: StandInObject, previous?: StandInObject): StandInEvent {
    return standInEvent({ type, object, created: this.seconds(), account: this.subscriptions.get(id)!.account, previous });
  }
}
