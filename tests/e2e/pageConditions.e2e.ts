// The loader when the page works against it: the network goes away and comes back, the page throws
// where the loader touches the DOM.
import { STRIPE_JS, e2eSuite, expectDom, useBrowser, usePages } from './support/harness';


/** A page that locks down appendChild for Stripe.js, as a hardening script or an extension might. */
const LOCKED_APPEND_CHILD = `(() => {
  const append = Node.prototype.appendChild;
  Node.prototype.appendChild = function (node) {
    if (node instanceof HTMLScriptElement && String(node.src).startsWith('https://js.stripe.com/')) {
      throw new TypeError('appendChild is locked down on this page');
    }
    return append.call(this, node);
  };
})();`;

e2eSuite('The loader when the page works against it', () => {
  const browser = useBrowser();
  const open = usePages(browser);

  it('back online after script_load_failed: one fresh load starts by itself and resolves', async () => {
    const host = await open({ stripe: 'abort', props: { maxLoadAttempts: 1 } });
    expect(await host.waitForStates(2)).toEqual(['pending', 'rejected:script_load_failed']);

    await host.context.setOffline(true);
    host.setStripe('ok');
    await host.settled();
    expect(host.stripeRequests).toEqual([STRIPE_JS]); // going offline starts nothing
    await host.context.setOffline(false);

    expect(await host.waitForStates(4)).toEqual(['pending', 'rejected:script_load_failed', 'pending', 'resolved']);
    await expectDom(host, { state: 'resolved', error: null });
    expect(await host.tags()).toMatchObject({ inserted: 2, inPage: 1, executions: 1, instances: 1 });
    expect(host.stripeRequests).toEqual([STRIPE_JS, STRIPE_JS]);
    await host.expectNoPageErrors();
  });

  it('back online after script_timeout: one fresh load, on a URL of its own, resolves', async () => {
    const host = await open({ stripe: 'hang', props: { maxLoadAttempts: 1, loadTimeoutMs: 800 } });
    expect(await host.waitForStates(2)).toEqual(['pending', 'rejected:script_timeout']);

    await host.context.setOffline(true);
    host.setStripe('ok');
    await host.context.setOffline(false);

    expect(await host.waitForStates(4)).toEqual(['pending', 'rejected:script_timeout', 'pending', 'resolved']);
    const tags = await host.tags();
    expect(tags).toMatchObject({ inserted: 2, executions: 1, instances: 1 });
    expect(host.stripeRequests).toEqual([STRIPE_JS, `${STRIPE_JS}?retry=1`]);
    await host.expectNoPageErrors();
  });

  it('appendChild throwing a TypeError: script_load_failed with a sentence naming it, never "[object Object]"', async () => {
    const host = await open({ initScript: LOCKED_APPEND_CHILD, props: { maxLoadAttempts: 1 } });

    expect(await host.waitForStates(2)).toEqual(['pending', 'rejected:script_load_failed']);
    const [, rejected] = await host.stateEvents();
    expect(rejected.message).toMatch(
      /^Could not add the script tag for https:\/\/js\.stripe\.com\/endive\/stripe\.js to the page: TypeError: appendChild is locked down on this page\. Gave up after 1 attempt in \d+\.\d s\.$/,
    );
    expect(await host.errorCodes()).toEqual(['script_load_failed']);
    await expectDom(host, { state: 'rejected', error: 'script_load_failed' });
    expect(await host.tags()).toMatchObject({ inserted: 0, executions: 0 });
    expect(host.stripeRequests).toEqual([]);
    await host.expectNoPageErrors();
  });
});
