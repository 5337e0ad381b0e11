// Astro loads its middleware and endpoints on its first request, and has no start-up hook of its own:
// the server half (its database above all) starts opening on that first request, whatever it is (a
// page view, a readiness probe), without holding it, not on the first person's click. A failed
// start is said by the route that awaits it, and tried again then.
import { defineMiddleware } from 'astro:middleware';
import { checkout } from './lib/checkout';

checkout().catch(() => undefined);

export const onRequest = defineMiddleware((_context, next) => next());
