// The remote on pages that load Stripe.js themselves, as Stripe asks every site to: a tag of the page's
// own (loading, loaded, failed) or the host's own `loadStripe` from @stripe/stripe-js (before, during,
// after ours). Stripe.js must run exactly once. Counted: tags inserted (a MutationObserver), Stripe.js
// executions and instances (the stand-in counts them), requests (the route sees them).
import { OTHER_STRIPE_SCRIPTS, STRIPE_JS, e2eSuite, expectDom, useBrowser, usePages, type HostPage } from './support/harness';

const HOST_KEY = 'pk_test_hostOwnKey';

/** Calls the host's own loadStripe (from @stripe/stripe-js) and records how it ended. */
async function hostLoadStripe(host: HostPage): Promise<void> {
  await host.page.evaluate((key) => {
    const w = window as unknown as { __hostStripeJs: { loadStripe(k: string): Promise<unknown> }; __hostLoad?: string };
    w.__hostLoad = 'pending';
    w.__hostStripeJs.loadStripe(key).then(
      (stripe) => (w.__hostLoad = stripe ? 'resolved' : 'null'),
      (error: Error) => (w.__hostLoad = `rejected: ${error.message}`),
    );
  }, HOST_KEY);
}

const hostLoad = (host: HostPage) => host.page.evaluate(() => (window as unknown as { __hostLoad?: string }).__hostLoad);

e2eSuite('Coexistence with the page’s own Stripe.js', () => {
  const browser = useBrowser();
  const open = usePages(browser);

  it("joins the page's own tag while it is still loading: one tag, one request, one execution", async () => {
    // The page's tag holds its `load`; the remote starts at `load` or after the kit's LOAD_WAIT_MS (2 s):
    // the page's tag, held, is still loading when the remote looks for it.
    const host = await open({ pageStripeTag: true, stripe: 'held' });

    await expectDom(host, { state: 'pending' });
    host.releaseStripe();
    expect(await host.waitForStates(2)).toEqual(['pending', 'resolved']);
    const tags = await host.tags();
    expect(tags).toMatchObject({ inserted: 1, inPage: 1, executions: 1, instances: 1 });
    expect(await host.page.locator('#page-own-stripe-js').count()).toBe(1); // the page's tag, kept
    expect(host.stripeRequests).toEqual([STRIPE_JS]);
    await host.expectNoPageErrors();
  });

  it("leaves the page's other Stripe scripts alone: a pricing table still loading, a buy button that ran", async () => {
    const host = await open({ pageOtherStripeScripts: true });

    expect(await host.waitForStates(2)).toEqual(['pending', 'resolved']);
    const others = await host.page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLScriptElement>('script[src*="js.stripe.com/v3/"]')).map((t) => ({
        src: t.src,
        state: t.getAttribute('data-loading-state'),
      })),
    );
    expect(others).toEqual([
      { src: OTHER_STRIPE_SCRIPTS.pricingTable, state: null },
      { src: OTHER_STRIPE_SCRIPTS.buyButton, state: null },
    ]);
    expect(await host.page.evaluate(() => (window as unknown as { __buyButtonRan?: boolean }).__buyButtonRan)).toBe(true);
    expect(await host.page.locator(`script[src="${STRIPE_JS}"]`).count()).toBe(1);
    expect(await host.tags()).toMatchObject({ executions: 1, instances: 1 });
    expect(host.stripeRequests).toEqual([STRIPE_JS]);
    await host.expectNoPageErrors();
  });

  it("uses the page's own tag that loaded before the button mounted: nothing injected", async () => {
    const host = await open({ pageStripeTag: true });

    expect(await host.waitForStates(2)).toEqual(['pending', 'resolved']);
    expect(await host.tags()).toMatchObject({ inserted: 1, inPage: 1, executions: 1, instances: 1 });
    expect(host.stripeRequests).toEqual([STRIPE_JS]);
    await host.expectNoPageErrors();
  });

  it("replaces the page's own tag that failed before the button mounted, and resolves", async () => {
    const host = await open({ pageStripeTag: true, stripe: ['abort', 'ok'], props: { maxLoadAttempts: 1 } });

    expect(await host.waitForStates(2)).toEqual(['pending', 'resolved']);
    const tags = await host.tags();
    expect(tags).toMatchObject({ inserted: 2, inPage: 1, executions: 1, instances: 1 });
    expect(await host.page.locator('#page-own-stripe-js').count()).toBe(0); // dead, so removed
    expect(host.stripeRequests).toEqual([STRIPE_JS, STRIPE_JS]);
    await host.expectNoPageErrors();
  });

  it("host's loadStripe before ours (its tag still loading): joined, Stripe.js runs once, both resolve", async () => {
    const host = await open({
      hostStripeJs: true,
      stripe: { delayMs: 1_500, then: 'ok' },
      initScript: `document.addEventListener('DOMContentLoaded', () => {
        window.__hostLoad = 'pending';
        window.__hostStripeJs.loadStripe(${JSON.stringify(HOST_KEY)}).then(() => (window.__hostLoad = 'resolved'), (e) => (window.__hostLoad = 'rejected: ' + e.message));
      });`,
    });

    expect(await host.waitForStates(2)).toEqual(['pending', 'resolved']);
    await host.waitUntil(async () => (await hostLoad(host)) === 'resolved', "the host's loadStripe");
    // One instance is the host's (its own key), one is ours.
    expect(await host.tags()).toMatchObject({ inserted: 1, inPage: 1, executions: 1, instances: 2 });
    expect(host.stripeRequests).toEqual([STRIPE_JS]);
    await host.expectNoPageErrors();
  });

  it("host's loadStripe while ours is pending: it joins our tag, Stripe.js runs once", async () => {
    const host = await open({ hostStripeJs: true, stripe: 'held' });
    await expectDom(host, { state: 'pending' });
    await hostLoadStripe(host);
    host.releaseStripe();

    expect(await host.waitForStates(2)).toEqual(['pending', 'resolved']);
    await host.waitUntil(async () => (await hostLoad(host)) === 'resolved', "the host's loadStripe");
    expect(await host.tags()).toMatchObject({ inserted: 1, inPage: 1, executions: 1, instances: 2 });
    expect(host.stripeRequests).toEqual([STRIPE_JS]);
    await host.expectNoPageErrors();
  });

  it("host's loadStripe after ours resolved: it uses window.Stripe, nothing injected", async () => {
    const host = await open({ hostStripeJs: true });
    expect(await host.waitForStates(2)).toEqual(['pending', 'resolved']);
    await hostLoadStripe(host);

    await host.waitUntil(async () => (await hostLoad(host)) === 'resolved', "the host's loadStripe");
    expect(await host.tags()).toMatchObject({ inserted: 1, inPage: 1, executions: 1, instances: 2 });
    expect(host.stripeRequests).toEqual([STRIPE_JS]);
    await host.expectNoPageErrors();
  });
});
