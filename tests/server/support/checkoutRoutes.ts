// The checkout routes over the Stripe API stand-in and an order store in memory (PGlite), for a whole
// test file: what most server suites set up. The routes take the catalog's demo products, a return
// page of the shop, a `fulfil` that does nothing, no rate limit and a silent log, unless the suite
// says otherwise; a test builds or serves more instances over the same stand-in and store.
import type Stripe from 'stripe';
import type { NodeAdapterOptions } from '../../../server/adapters/node';
import { createCheckoutHandlers, type CheckoutHandlerOptions, type CheckoutHandlers } from '../../../server/routes';
import { catalogOf, DEMO_PRODUCTS } from '../../../server/sessions/catalog';
import { startStripeApiStandIn, stripeForStandIn, type StripeApiStandIn, type StripeApiStandInOptions } from '../../../stand-ins/stripeApi';
import { memoryOrders } from '../../support/orders';
import { serveRoutes, type Served } from '../../support/serveHandler';

export type MemoryOrders = Awaited<ReturnType<typeof memoryOrders>>;
export type RoutesOptions = Partial<CheckoutHandlerOptions>;

export interface CheckoutRoutesFixture {
  standIn: StripeApiStandIn;
  /** The official library, pointed at the stand-in. */
  stripe: Stripe;
  store: MemoryOrders;
  /** The suite's routes (its options over the defaults). */
  handlers: CheckoutHandlers;
  /** The suite's routes on a loopback server, when the suite asked for it (`serve: true`). */
  server: Served;
  /** Another instance: the suite's options, then `options`, over the same stand-in and store. */
  routesWith(options?: RoutesOptions): CheckoutHandlers;
  /** Another instance on a loopback server of its own (the caller closes it). */
  serve(options?: RoutesOptions, adapter?: NodeAdapterOptions): Promise<Served>;
}

export interface CheckoutRoutesSetUp {
  /** The suite's options over the defaults, given the stand-in and the store once they are up. */
  routes?: (fixture: CheckoutRoutesFixture) => RoutesOptions;
  /** Serve the suite's routes (`fixture.server`), up before the stand-in, which may deliver webhooks to it. */
  serve?: boolean;
  /** The stand-in's options, given the served routes' URL (with `serve`). */
  standIn?: (serverUrl: string | undefined) => StripeApiStandInOptions;
}

export function setUpCheckoutRoutes(setUp: CheckoutRoutesSetUp = {}): CheckoutRoutesFixture {
  let suiteOptions: RoutesOptions = {};
  const fixture = {
    routesWith: (options: RoutesOptions = {}) =>
      createCheckoutHandlers({
        stripe: fixture.stripe,
        catalog: catalogOf(DEMO_PRODUCTS),
        returnPage: 'https://shop.example/',
        orders: fixture.store.orders,
        sessionRequests: fixture.store.sessionRequests,
        fulfil: async () => {},
        rateLimit: false,
        log: () => {},
        ...suiteOptions,
        ...options,
      }),
    serve: (options?: RoutesOptions, adapter?: NodeAdapterOptions) => serveRoutes(fixture.routesWith(options), adapter),
  } as CheckoutRoutesFixture;
  beforeAll(async () => {
    fixture.store = await memoryOrders();
    // Served first, answering once the routes exist: the stand-in may need its URL for webhooks.
    if (setUp.serve) fixture.server = await serveRoutes({ route: (request, context) => fixture.handlers.route(request, context) });
    fixture.standIn = await startStripeApiStandIn(setUp.standIn?.(fixture.server?.url));
    fixture.stripe = stripeForStandIn(fixture.standIn);
    suiteOptions = setUp.routes?.(fixture) ?? {};
    fixture.handlers = fixture.routesWith();
  }, 30_000);
  afterAll(async () => {
    await fixture.server?.close();
    await fixture.standIn?.close();
    await fixture.store?.db.close();
  });
  return fixture;
}
