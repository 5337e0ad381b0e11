// server/'s checkout routes against the Stripe API stand-in, as the matrix hosts' servers mount them:
// one stand-in and one in-memory order store for every host, so a host's plain form (or its button)
// creates a real session of the stand-in and lands on its hosted page.
import type http from 'node:http';
import { catalogOf, DEMO_PRODUCTS } from '../../../server/sessions/catalog';
import { openDatabase } from '../../../server/db/open';
import { sqlOrders } from '../../../server/orders/orderStore';
import { sqlFormSubmissions } from '../../../server/form/formSubmissions';
import { toNodeHandler } from '../../../server/adapters/node';
import { createCheckoutHandlers } from '../../../server/routes';
import { sqlSessionRequests } from '../../../server/sessions/sessionRequests';
import { startStripeApiStandIn, stripeForStandIn, type StripeApiStandIn } from '../../../stand-ins/stripeApi';

export interface CheckoutBackend {
  /** Answers server/'s paths (true) and leaves the rest (false). */
  handle: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<boolean>;
  stripeApi: StripeApiStandIn;
}

export async function startCheckoutBackend(returnPage: string): Promise<CheckoutBackend> {
  const stripeApi = await startStripeApiStandIn();
  const db = await openDatabase({ DATABASE_URL: 'memory://' });
  const handlers = createCheckoutHandlers({
    stripe: stripeForStandIn(stripeApi),
    catalog: catalogOf(DEMO_PRODUCTS),
    returnPage,
    orders: sqlOrders(db),
    sessionRequests: sqlSessionRequests(db),
    // The hosts' plain forms; each host posts to its own server, whose origin is always allowed.
    formSubmissions: sqlFormSubmissions(db),
    fulfil: async () => {},
    // Every host's page clicks from 127.0.0.1: a per-client limit would make the hosts depend on each other.
    rateLimit: false,
    log: (message) => process.stderr.write(`[matrix checkout routes] ${message}\n`),
  });
  return { handle: toNodeHandler(handlers), stripeApi };
}
