// Astro loads its middleware and endpoints on its first request, and has no start-up hook of its own:
// the server half (its database above all) starts opening on that first request, whatever it is (a
// page view, a readiness probe), without holding it, not on the first person's click. A failed
// start is logged here, and said again by the route that awaits it, which tries again.
import { defineMiddleware } from 'astro:middleware';
import { checkout } from './lib/checkout';

checkout().catch((error: unknown) =>
  console.error('checkout: the server half did not open (the next checkout request tries again):', error),
);

export const onRequest = defineMiddleware((_context, next) => next());
