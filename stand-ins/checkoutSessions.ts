// The stand-in's Checkout Sessions: created from accepted parameters, read back as Stripe returns
// them, and moved on by the tests the way Stripe's servers would (the person paid, the payment is
// still processing, it failed, the session expired), with the events Stripe would send.
import type { FormObject } from './formBody';
import type { RequestScope } from './checkoutSessionRules';
import { lineItemsOf } from './lineItems';
import type { StartSubscription } from './subscriptions';
import { standInEvent, token, type StandInEvent, type StandInObject } from './standInEvents';

export type CompletionOutcome = 'paid' | 'processing' | 'failed';

/**
 * What the session charges now: every line, except a plan's recurring lines during a trial (its
 * one-time lines are on the first invoice, paid at once). Null for a session without lines (setup).
 */
function amountTotal(lines: StandInObject[], trial: boolean): number | null {
  if (lines.length === 0) return null;
  const now = trial ? lines.filter((line) => (line.price as StandInObject).type !== 'recurring') : lines;
  return now.reduce((total, line) => total + (line.amount_total as number), 0);
}

const trialOf = (params: FormObject) =>
  typeof params.subscription_data === 'object' && (params.subscription_data as FormObject).trial_period_days !== undefined;

interface Stored {
  session: StandInObject;
  paymentIntent: StandInObject | null;
  /** As GET …/line_items lists them. */
  lineItems: StandInObject[];
  /** The connected account it was created on (Stripe-Account), or undefined for the platform's. */
  account: string | undefined;
  /** `subscription_data` as sent (a plan's trial and the subscription's metadata). */
  subscriptionData: FormObject | undefined;
}

/** Starts the subscription a completed subscription-mode session made (the stand-in's SubscriptionBook). */
export type StartPlan = (plan: StartSubscription) => { subscription: StandInObject; events: StandInEvent[] };

export class CheckoutSessionBook {
  private readonly sessions = new Map<string, Stored>();

  /**
   * `now`: the stand-in's clock in ms (a test sets it back to create sessions "days ago").
   * `hostedPageUrl`: where a hosted_page session's `url` points (Stripe's own origin by default; an
   * offline server of ours serves the stand-in page instead).
   */
  constructor(
    private readonly now: () => number = Date.now,
    private readonly hostedPageUrl: (sessionId: string) => string = (id) => `https://checkout.stripe.com/c/pay/${id}#stand-in`,
    private readonly startPlan?: StartPlan,
  ) {}

  private seconds(): number {
    return Math.floor(this.now() / 1000);
  }

  /** Every session of `account` (the platform's when undefined) as the list call returns them: newest first (the later-made first on a tie). */
  newestFirst(account?: string): StandInObject[] {
    const all = [...this.sessions.keys()].filter((id) => this.sessions.get(id)!.account === account).map((id) => this.retrieve(id)!);
    return all.reverse().sort((a, b) => (b.created as number) - (a.created as number));
  }

  /** The account a session lives on; null when there is no such session. */
  accountOf(id: string): string | undefined | null {
    const stored = this.sessions.get(id);
    return stored ? stored.account : null;
  }

  create(params: FormObject, scope: RequestScope): StandInObject {
    const id = `cs_test_${token()}`;
    const uiMode = (params.ui_mode as string | undefined) ?? 'hosted_page';
    const lines = lineItemsOf(params.line_items, scope);
    const session: StandInObject = {
      id,
      object: 'checkout.session',
      livemode: false,
      created: this.seconds(),
      expires_at: params.expires_at !== undefined ? Number(params.expires_at) : this.seconds() + 24 * 3600,
      mode: params.mode,
      ui_mode: uiMode,
      status: 'open',
      payment_status: 'unpaid',
      amount_total: amountTotal(lines, trialOf(params)),
      currency: params.currency ?? lines[0]?.currency ?? null,
      allow_promotion_codes: params.allow_promotion_codes === 'true' ? true : null,
      customer_email: params.customer_email ?? null,
      client_reference_id: params.client_reference_id ?? null,
      metadata: params.metadata ?? {},
      success_url: params.success_url ?? null,
      cancel_url: params.cancel_url ?? null,
      return_url: params.return_url ?? null,
      redirect_on_completion: uiMode === 'embedded_page' ? (params.redirect_on_completion ?? 'always') : null,
      // What Stripe answers: a hosted page on checkout.stripe.com, or a secret for Stripe.js (embedded or Elements).
      url: uiMode === 'hosted_page' ? this.hostedPageUrl(id) : null,
      client_secret: uiMode === 'embedded_page' || uiMode === 'elements' ? `${id}_secret_${token(8)}` : null,
      customer_details: null,
      payment_intent: null,
      setup_intent: null,
      payment_link: null,
      // Set when a subscription-mode session completes: the subscription it started, and its customer.
      subscription: null,
      customer: null,
    };
    const subscriptionData = typeof params.subscription_data === 'object' ? (params.subscription_data as FormObject) : undefined;
    this.sessions.set(id, { session, paymentIntent: null, lineItems: lines, account: scope.account, subscriptionData });
    return session;
  }

  /** The session as GET /v1/checkout/sessions/:id answers it; `expand` may name `payment_intent`. */
  retrieve(id: string, expand: string[] = []): StandInObject | undefined {
    const stored = this.sessions.get(id);
    if (!stored) return undefined;
    const expanded = expand.includes('payment_intent') && stored.paymentIntent;
    return { ...stored.session, payment_intent: expanded ? { ...stored.paymentIntent } : (stored.paymentIntent?.id ?? null) };
  }

  /** The session's line items (for GET …/line_items); undefined when there is no such session on `account`. */
  lineItems(id: string, account: string | undefined): StandInObject[] | undefined {
    const stored = this.sessions.get(id);
    return stored && stored.account === account ? stored.lineItems : undefined;
  }

  /** Where Stripe sends the person back to: the success or return URL with the session's id filled in. */
  returnUrl(id: string): string | null {
    const session = this.sessions.get(id)?.session;
    const url = (session?.success_url ?? session?.return_url) as string | null | undefined;
    return url ? url.replace('{CHECKOUT_SESSION_ID}', id) : null;
  }

  /** The plan's subscription, started in the SubscriptionBook so it can be retrieved, renewed and cancelled. */
  private startSubscription({ lineItems, subscriptionData, account }: Stored) {
    const plan = lineItems.find((line) => (line.price as StandInObject | undefined)?.recurring);
    if (!this.startPlan || !plan) return undefined;
    const trialDays = Number(subscriptionData?.trial_period_days);
    return this.startPlan({
      price: (plan.price as StandInObject).id as string,
      quantity: plan.quantity as number,
      ...(trialDays > 0 ? { trialDays } : {}),
      metadata: (subscriptionData?.metadata as Record<string, string> | undefined) ?? {},
      account,
    });
  }

  /** The person paid in Checkout: paid at once, still processing (a bank debit), or processing then failed. */
  complete(id: string, outcome: CompletionOutcome): StandInEvent[] {
    const stored = this.open(id);
    // A setup session saves a payment method and takes no payment: a SetupIntent, `no_payment_required`.
    if (stored.session.mode === 'setup') {
      Object.assign(stored.session, { status: 'complete', payment_status: 'no_payment_required', setup_intent: `seti_test_${token()}` });
      return [this.event(id, 'checkout.session.completed')];
    }
    // A plan: Stripe makes the customer and the subscription; its first invoice is paid (or, in a
    // trial with nothing one-time, there is nothing to pay). No PaymentIntent on the session.
    if (stored.session.mode === 'subscription') {
      const started = this.startSubscription(stored);
      Object.assign(stored.session, {
        status: 'complete',
        payment_status: stored.session.amount_total === 0 ? 'no_payment_required' : 'paid',
        subscription: started?.subscription.id ?? `sub_test_${token()}`,
        customer: started?.subscription.customer ?? `cus_test_${token()}`,
        customer_details: { email: 'jenny.rosen@example.com', name: 'Jenny Rosen' },
      });
      return [this.event(id, 'checkout.session.completed'), ...(started?.events ?? [])];
    }
    const status = { paid: 'succeeded', processing: 'processing', failed: 'requires_payment_method' }[outcome];
    stored.paymentIntent = {
      id: `pi_test_${token()}`,
      object: 'payment_intent',
      status,
      amount: stored.session.amount_total,
      currency: stored.session.currency,
    };
    Object.assign(stored.session, {
      status: 'complete',
      payment_status: outcome === 'paid' ? 'paid' : 'unpaid',
      // Personal data the real session carries: a status page must not pass it on.
      customer_details: { email: 'jenny.rosen@example.com', name: 'Jenny Rosen' },
    });
    const completed = this.event(id, 'checkout.session.completed');
    return outcome === 'failed' ? [completed, this.event(id, 'checkout.session.async_payment_failed')] : [completed];
  }

  /** A processing payment settles later. */
  settle(id: string, result: 'succeeded' | 'failed'): StandInEvent[] {
    const stored = this.sessions.get(id);
    if (stored?.paymentIntent?.status !== 'processing') throw new Error(`stand-in: ${id} has no processing payment`);
    stored.paymentIntent.status = result === 'succeeded' ? 'succeeded' : 'requires_payment_method';
    if (result === 'succeeded') stored.session.payment_status = 'paid';
    return [this.event(id, `checkout.session.async_payment_${result}`)];
  }

  expire(id: string): StandInEvent[] {
    this.open(id).session.status = 'expired';
    return [this.event(id, 'checkout.session.expired')];
  }

  private open(id: string): Stored {
    const stored = this.sessions.get(id);
    if (!stored) throw new Error(`stand-in: no session ${id}`);
    if (stored.session.status !== 'open') throw new Error(`stand-in: session ${id} is ${String(stored.session.status)}, not open`);
    return stored;
  }

  private event(id: string, type: string): StandInEvent {
    return standInEvent({ type, object: this.retrieve(id)!, created: this.seconds(), account: this.sessions.get(id)?.account });
  }
}
