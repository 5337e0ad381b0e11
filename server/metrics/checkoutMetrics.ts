// Counters and latencies through OpenTelemetry's metrics API: a no-op until the host installs an SDK
// (its exporter decides: Prometheus, OTLP, …), so a framework host pays nothing and the standalone
// server adds no endpoint of its own. The instruments are made when the backend opens, not at import:
// the API hands out a no-op meter for good to whoever asks before the SDK is registered.
import { metrics, type Attributes } from '@opentelemetry/api';
import type Stripe from 'stripe';
import type { StripeClient } from '../stripeClient';
import { serverRelease } from '../release';

/** The instruments' names, as an exporter shows them (Prometheus turns dots into underscores). */
export const METRIC_NAMES = {
  sessions: 'checkout.sessions',
  webhooks: 'checkout.webhooks',
  degradedRecords: 'checkout.degraded_records',
  reconcileRuns: 'checkout.reconcile.runs',
  stripeDuration: 'checkout.stripe.duration',
} as const;

export interface CheckoutMetrics {
  /** The session route's answers by outcome (`created`, `refused`, `limited`, `failed`). */
  countSession(outcome: string, attributes?: Attributes): void;
  /** The webhook's answers by outcome (`ok`, `in_progress`, `refused`, `failed`). */
  countWebhook(outcome: string): void;
  /** Records a payment went without (its database stalled or refused), by record: read from their running counts. */
  observeDegraded(counts: () => Readonly<Record<string, number>>): void;
  /** A reconcile run by outcome (`ran`, `busy`, `failed`). */
  countReconcile(outcome: string): void;
}

export function checkoutMetrics(): CheckoutMetrics {
  const meter = metrics.getMeter(serverRelease.name, serverRelease.version);
  const sessions = meter.createCounter(METRIC_NAMES.sessions, { description: 'Checkout Session requests answered, by outcome' });
  const webhooks = meter.createCounter(METRIC_NAMES.webhooks, { description: 'Stripe webhook deliveries answered, by outcome' });
  const degraded = meter.createObservableCounter(METRIC_NAMES.degradedRecords, {
    description: 'Records a payment went on without (database stalled or refusing)',
  });
  const runs = meter.createCounter(METRIC_NAMES.reconcileRuns, { description: 'Reconcile runs, by outcome' });
  return {
    countSession: (outcome, attributes = {}) => sessions.add(1, { outcome, ...attributes }),
    countWebhook: (outcome) => webhooks.add(1, { outcome }),
    observeDegraded: (counts) =>
      degraded.addCallback((result) => {
        for (const [record, total] of Object.entries(counts())) result.observe(total, { record });
      }),
    countReconcile: (outcome) => runs.add(1, { outcome }),
  };
}

/** What the session route's status says happened. */
export function sessionOutcome(status: number): string {
  if (status === 200 || status === 303) return 'created';
  if (status === 429) return 'limited';
  return status >= 500 ? 'failed' : 'refused';
}

/** What the webhook's status says happened: 409 is a live lease (Stripe delivers again). */
export function webhookOutcome(status: number): string {
  if (status >= 200 && status < 300) return 'ok';
  if (status === 409) return 'in_progress';
  return status >= 500 ? 'failed' : 'refused';
}

/** Stripe's latency per call, from stripe-node's own `response` event: method, the path without ids, status. */
export function measureStripe(stripe: StripeClient): () => void {
  const duration = metrics
    .getMeter(serverRelease.name, serverRelease.version)
    .createHistogram(METRIC_NAMES.stripeDuration, { description: "Stripe API calls' duration", unit: 'ms' });
  const onResponse = (event: Stripe.ResponseEvent) =>
    duration.record(event.elapsed, {
      method: event.method,
      path: event.path.replace(/\/[a-z]+_[A-Za-z0-9_]+/g, '/:id').split('?')[0],
      status: event.status,
    });
  // Typed `any` in the library: its emitter's own shape.
  const emitter = stripe as unknown as {
    on(name: 'response', listener: typeof onResponse): void;
    off(name: 'response', listener: typeof onResponse): void;
  };
  emitter.on('response', onResponse);
  return () => emitter.off('response', onResponse);
}
