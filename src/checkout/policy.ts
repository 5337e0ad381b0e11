// The checkout flow's defaults.

export const DEFAULT_SESSION_TIMEOUT_MS = 15_000;
export const DEFAULT_CHECKOUT_ORIGINS: readonly string[] = ['https://checkout.stripe.com'];
