// The server half's public entry: the three routes as Web-standard handlers (`Request` in, `Response`
// out), for any framework that speaks them, and the assembly from the environment. Adapters for
// servers that do not: `./adapters/node` (node:http), `./adapters/express`, `./adapters/fastify`.
export { CHECKOUT_PATHS, createCheckoutHandlers, type CheckoutHandlerOptions, type CheckoutHandlers } from './routes';
export type { CheckoutContext, Handler } from './http/http';
export { MAX_BODY_BYTES, BODY_TIMEOUT_MS } from './http/http';
export { openCheckoutBackend, type BackendOptions, type CheckoutBackend } from './backend';
export { catalogOf, type Catalog, type InlinePricedProduct, type Product, type StripePricedProduct } from './sessions/catalog';
export {
  clientLimiter,
  DEFAULT_LIMITS,
  limitsFromEnv,
  type ClientLimiter,
  type ClientLimits,
  type LimitKind,
  type RateLimit,
  type Take,
} from './limits/rateLimit';
export type { Fulfil, OrderStore } from './orders/orders';
export { serverRelease, type ServerRelease } from './release';
export type { SessionPolicy, ExtraSessionParams } from './sessions/sessionPolicy';
export type { SessionOrder } from './sessions/sessionParams';
export type { StripeClient } from './stripeClient';
export { ConfigError, readServerConfig, type ServerConfig } from './config';
export { createHealthHandlers, HEALTH_PATHS, type HealthHandlers, type HealthOptions } from './http/health';
export { silentLogger, withFields, type Logger, type LogFields, type LogLevel } from './log/logger';
export { METRIC_NAMES } from './metrics/checkoutMetrics';
export type {
  OnSubscriptionChange,
  SubscriptionChange,
  SubscriptionInvoice,
  SubscriptionState,
  SubscriptionTransition,
} from './subscriptions/subscriptions';
export { sqlSubscriptions, type SubscriptionStore } from './subscriptions/subscriptionStore';
export type { CustomerOf } from './portal/billingPortal';
export { connectWebhookHandler, type ConnectWebhookOptions } from './connect/connectWebhook';
