// @stripe/stripe-js/pure caches the first window.Stripe for the life of the module, which would
// leak one test's stand-in into the next. This mock keeps its contract for us: it creates the
// instance from the window.Stripe our loader put in place, and injects nothing.
export const loadStripe = jest.fn(async (key: string, options?: unknown) => {
  const Stripe = (window as unknown as { Stripe?: (k: string, o?: unknown) => unknown }).Stripe;
  if (!Stripe) throw new Error('Stripe.js not available');
  return Stripe(key, options);
});
