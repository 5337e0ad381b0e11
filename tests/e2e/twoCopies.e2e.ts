// Two builds of the remote on one page, under two container names (`checkout` and `checkout_copy`),
// as when two teams ship it: one load of Stripe.js, one instance per key and options for the page.
import { PUBLISHABLE_KEY, STRIPE_JS, e2e, e2eSuite, expectDom, useBrowser, usePages, type HostPage } from './support/harness';

type CopyResult = { stateBefore: string; result: string; stateAfter: string; sameInstance: boolean };

/**
 * Registers the second copy in the page's federation runtime (the host's own instance), loads its
 * `./stripeScript`, and asks it for Stripe for the same key as the button of the first copy.
 */
async function preloadFromCopy(host: HostPage): Promise<CopyResult> {
  return host.page.evaluate(
    async ({ manifestUrl, key }) => {
      type StripeScript = {
        getStripeScriptState(): string;
        preloadStripe(o: { publishableKey: string }): Promise<{ state: string; stripe?: unknown }>;
      };
      type Runtime = { registerRemotes(r: unknown[]): void; loadRemote<T>(id: string): Promise<T> };
      const runtime = (globalThis as unknown as { __FEDERATION__: { __INSTANCES__: Runtime[] } }).__FEDERATION__.__INSTANCES__[0];
      runtime.registerRemotes([{ name: 'checkout_copy', entry: manifestUrl }]);
      const copy = await runtime.loadRemote<StripeScript>('checkout_copy/stripeScript');
      const stateBefore = copy.getStripeScriptState();
      const [first, second] = await Promise.all([copy.preloadStripe({ publishableKey: key }), copy.preloadStripe({ publishableKey: key })]);
      return { stateBefore, result: first.state, stateAfter: copy.getStripeScriptState(), sameInstance: first.stripe === second.stripe };
    },
    { manifestUrl: e2e.remoteCopyManifestUrl!, key: PUBLISHABLE_KEY },
  );
}

e2eSuite('Two copies of the remote on one page', () => {
  const browser = useBrowser();
  const open = usePages(browser);

  it("the second copy joins the first copy's load in flight: one tag, one execution, one instance", async () => {
    const host = await open({ stripe: { delayMs: 1_500, then: 'ok' } });
    await expectDom(host, { state: 'pending' });

    const copy = await preloadFromCopy(host);
    // The load state is the page's, not a module's: the copy sees the first copy's load at once.
    expect(copy).toEqual({ stateBefore: 'pending', result: 'resolved', stateAfter: 'resolved', sameInstance: true });
    expect(await host.waitForStates(2)).toEqual(['pending', 'resolved']);
    expect(await host.tags()).toMatchObject({ inserted: 1, inPage: 1, executions: 1, instances: 1 });
    expect(host.stripeRequests).toEqual([STRIPE_JS]);
    await host.expectNoPageErrors();
  });

  it('the second copy, after the first resolved: no request, the same instance for the same key', async () => {
    const host = await open();
    expect(await host.waitForStates(2)).toEqual(['pending', 'resolved']);

    const copy = await preloadFromCopy(host);
    expect(copy).toEqual({ stateBefore: 'resolved', result: 'resolved', stateAfter: 'resolved', sameInstance: true });
    expect(await host.tags()).toMatchObject({ inserted: 1, inPage: 1, executions: 1, instances: 1 });
    expect(host.stripeRequests).toEqual([STRIPE_JS]);
    await host.expectNoPageErrors();
  });
});
