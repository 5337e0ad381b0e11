// Two releases of the remote on one page: today's (the host example's `checkout`) and the previous
// one, built from its git commit with its own config (`checkout_previous`, see globalSetup.ts), under
// a Trusted Types policy that allows each name once. What must be one per page stays one: one
// Stripe.js tag, one `checkout-stripe-js` policy, one Stripe instance per key, one stream of events.
import { PUBLISHABLE_KEY, STRIPE_JS, e2e, e2eSuite, expectDom, useBrowser, usePages, type HostPage } from './support/harness';
import { HOST_DEFAULT_POLICY, REMOTE_POLICIES } from './support/trustedTypes';

/** Each name once: a second `createPolicy('checkout-stripe-js')` would throw (no 'allow-duplicates'). */
const CSP = `require-trusted-types-for 'script'; trusted-types default ${REMOTE_POLICIES.stripeJs} ${REMOTE_POLICIES.chunks}`;

interface BothCopies {
  /** Each copy's `getStripeScriptState()` before and after. */
  before: { today: string; previous: string };
  after: { today: string; previous: string };
  results: { today: string; previous: string };
  sameInstance: boolean;
  /** The event types each copy's `subscribeCheckoutEvents` heard. */
  heard: { today: string[]; previous: string[] };
  policies: string[];
}

/**
 * Registers the previous release beside today's in the page's federation runtime, listens to the
 * events through each copy, and has `first` ask for Stripe (then the other, both for the same key).
 */
async function bothCopies(host: HostPage, first: 'today' | 'previous'): Promise<BothCopies> {
  return host.page.evaluate(
    async ({ manifestUrl, key, first }) => {
      type StripeScript = {
        getStripeScriptState(): string;
        preloadStripe(o: { publishableKey: string }): Promise<{ state: string; stripe?: unknown }>;
        subscribeCheckoutEvents(listener: (event: { type: string }) => void): () => void;
      };
      type Runtime = { registerRemotes(r: unknown[]): void; loadRemote<T>(id: string): Promise<T> };
      const w = window as unknown as { __FEDERATION__: { __INSTANCES__: Runtime[] }; __policiesCreated: string[] };
      const runtime = w.__FEDERATION__.__INSTANCES__[0];
      runtime.registerRemotes([{ name: 'checkout_previous', entry: manifestUrl }]);
      const copies = {
        today: await runtime.loadRemote<StripeScript>('checkout/stripeScript'),
        previous: await runtime.loadRemote<StripeScript>('checkout_previous/stripeScript'),
      };
      const heard = { today: [] as string[], previous: [] as string[] };
      copies.today.subscribeCheckoutEvents((event) => heard.today.push(event.type));
      copies.previous.subscribeCheckoutEvents((event) => heard.previous.push(event.type));
      const states = () => ({ today: copies.today.getStripeScriptState(), previous: copies.previous.getStripeScriptState() });
      const before = states();
      const second = first === 'today' ? 'previous' : 'today';
      const asked = { [first]: copies[first].preloadStripe({ publishableKey: key }) };
      asked[second] = copies[second].preloadStripe({ publishableKey: key });
      const [a, b] = [await asked.today, await asked.previous];
      return {
        before,
        after: states(),
        results: { today: a.state, previous: b.state },
        sameInstance: !!a.stripe && a.stripe === b.stripe,
        heard,
        policies: w.__policiesCreated,
      };
    },
    { manifestUrl: e2e.previousManifestUrl!, key: PUBLISHABLE_KEY, first },
  );
}

e2eSuite("Today's release and the previous one on one page", () => {
  const browser = useBrowser();
  const open = usePages(browser);

  beforeAll(() => {
    if (!e2e.previousManifestUrl) throw new Error(e2e.previousReason ?? 'the previous release was not served');
  });

  it("the previous release joins today's load in flight: one tag, one policy, one instance, one stream of events", async () => {
    const host = await open({ csp: CSP, initScript: HOST_DEFAULT_POLICY, stripe: { delayMs: 1_500, then: 'ok' } });
    await expectDom(host, { state: 'pending' });

    const seen = await bothCopies(host, 'previous');
    expect(seen.before).toEqual({ today: 'pending', previous: 'pending' });
    expect(seen.results).toEqual({ today: 'resolved', previous: 'resolved' });
    expect(seen.after).toEqual({ today: 'resolved', previous: 'resolved' });
    expect(seen.sameInstance).toBe(true);
    // Today's loader ran the load; the previous release's listener heard it as today's did.
    expect(seen.heard.previous).toEqual(['script_resolved']);
    expect(seen.heard.today).toEqual(['script_resolved']);
    expect(seen.policies.filter((name) => name === REMOTE_POLICIES.stripeJs)).toHaveLength(1);
    expect(await host.tags()).toMatchObject({ inserted: 1, inPage: 1, executions: 1, instances: 1 });
    expect(host.stripeRequests).toEqual([STRIPE_JS]);
    expect(await host.cspViolations()).toEqual([]);
    await host.expectNoPageErrors([]);
  });

  it("the previous release runs the load (today's button waits for a click): today's button and listeners see it", async () => {
    const host = await open({ csp: CSP, initScript: HOST_DEFAULT_POLICY, props: { loadOn: 'click' } });
    await expectDom(host, { state: 'initial' });

    const seen = await bothCopies(host, 'previous');
    expect(seen.before).toEqual({ today: 'initial', previous: 'initial' });
    expect(seen.after).toEqual({ today: 'resolved', previous: 'resolved' });
    expect(seen.sameInstance).toBe(true);
    // The previous release's loader emitted these; today's listener heard each once, in order.
    expect(seen.heard.today).toEqual(['script_attempt', 'script_resolved']);
    expect(seen.heard.previous).toEqual(seen.heard.today);
    await expectDom(host, { state: 'resolved' });
    expect(seen.policies.filter((name) => name === REMOTE_POLICIES.stripeJs)).toHaveLength(1);
    expect(await host.tags()).toMatchObject({ inserted: 1, inPage: 1, executions: 1, instances: 1 });
    expect(host.stripeRequests).toEqual([STRIPE_JS]);

    await host.button().click();
    await host.waitForCheckout();
    expect(await host.cspViolations()).toEqual([]);
    await host.expectNoPageErrors([]);
  });
});
