// Pages that enforce Trusted Types (`require-trusted-types-for 'script'`), with the real CSP header
// from the e2e server. Such a host needs a policy for its own and the federation runtime's
// script URLs (webpack and the runtime assign plain strings): here a `default` policy, as a host
// would install first thing. The Stripe.js URL must go through our own policy, `checkout-stripe-js`.
import { EXPECTED_BROWSER_NOISE, STRIPE_JS, e2e, e2eSuite, expectDom, useBrowser, usePages } from './support/harness';
import { details, openElementPage } from './support/elementPage';
import { ELEMENT_POLICY } from '@checkout/host-kit/element';
import { HOST_DEFAULT_POLICY, RECORD_POLICIES, REMOTE_POLICIES } from './support/trustedTypes';

const POLICY = REMOTE_POLICIES.stripeJs;
const CHUNK_POLICY = REMOTE_POLICIES.chunks;

/** Holds the page's idle callbacks until the test runs them: the remote fetches chunks at idle. */
const HELD_IDLE = `(() => {
  const held = [];
  window.__heldIdle = held;
  window.requestIdleCallback = (callback) => held.push(callback);
  window.__runIdle = () => held.splice(0).forEach((callback) => callback({ didTimeout: false, timeRemaining: () => 50 }));
})();`;

/** Chromium's own console line for the refused policy: expected in the refusal scenario. */
const TT_NOISE = [...EXPECTED_BROWSER_NOISE, new RegExp(`^Creating a TrustedTypePolicy named '${POLICY}' violates`)];

e2eSuite('Trusted Types hosts in a real browser', () => {
  const browser = useBrowser();
  const open = usePages(browser);

  it(`a page that allows the ${POLICY} and ${CHUNK_POLICY} policies resolves, with the Stripe.js URL made by the first`, async () => {
    const host = await open({
      csp: `require-trusted-types-for 'script'; trusted-types default ${POLICY} ${CHUNK_POLICY}`,
      initScript: HOST_DEFAULT_POLICY,
    });

    expect(await host.waitForStates(2)).toEqual(['pending', 'resolved']);
    // The remote's chunk policy is created with its first chunk, fetched at idle: it may come after `resolved`.
    await host.page
      .waitForFunction((name) => (window as unknown as { __policiesCreated: string[] }).__policiesCreated.includes(name), CHUNK_POLICY, {
        timeout: 20_000,
      })
      .catch(() => undefined);
    const seen = await host.page.evaluate(() => {
      const w = window as unknown as { __defaultPolicyUrls: string[]; __policiesCreated: string[] };
      return { defaultPolicyUrls: w.__defaultPolicyUrls, created: w.__policiesCreated };
    });
    expect([...seen.created].sort()).toEqual([CHUNK_POLICY, POLICY, 'default']);
    // The host's catch-all never saw Stripe.js: our own policy vouched for it.
    expect(seen.defaultPolicyUrls.filter((url) => url.startsWith('https://js.stripe.com/'))).toEqual([]);
    // Control: the host's own chunks and the remote did go through the default policy (it is enforced).
    expect(seen.defaultPolicyUrls.length).toBeGreaterThan(0);
    expect(await host.cspViolations()).toEqual([]);
    expect(await host.tags()).toMatchObject({ inserted: 1, inPage: 1, executions: 1, instances: 1 });
    expect(host.stripeRequests).toEqual([STRIPE_JS]);
    await host.expectNoPageErrors([]);
  });

  it("a page that starts enforcing after start-up: the chunks fetched at idle and on the click come through the remote's own policy", async () => {
    const host = await open({ initScript: HELD_IDLE });
    expect(await host.waitForStates(2)).toEqual(['pending', 'resolved']);
    const chunksBefore = host.requests.filter((r) => r.url.startsWith(e2e.remoteUrl!)).length;
    // A route that turns Trusted Types on, with no default policy: from now on a plain string script URL throws.
    const enforced = await host.page.evaluate(() => {
      const meta = document.createElement('meta');
      meta.httpEquiv = 'Content-Security-Policy';
      meta.content = "require-trusted-types-for 'script'";
      document.head.append(meta);
      try {
        document.createElement('script').src = '/plain-string.js';
        return false;
      } catch {
        return true;
      }
    });
    expect(enforced).toBe(true);
    expect(await host.page.evaluate(() => (window as unknown as { __heldIdle: unknown[] }).__heldIdle.length)).toBeGreaterThan(0);

    await host.page.evaluate(() => (window as unknown as { __runIdle: () => void }).__runIdle());
    await host.button().click();
    await host.waitForCheckout();
    // The chunks did load after enforcement began, through the remote's policy.
    expect(host.requests.filter((r) => r.url.startsWith(e2e.remoteUrl!)).length).toBeGreaterThan(chunksBefore);
    // The one refusal is the test's own plain-string probe above.
    const refusal = /requires 'TrustedScriptURL' assignment/;
    expect(host.consoleErrors().filter((text) => refusal.test(text))).toHaveLength(1);
    await host.expectNoPageErrors([...EXPECTED_BROWSER_NOISE, refusal]);
  });

  it(`a page that allows ${POLICY} and ${CHUNK_POLICY} by name, whose default policy refuses the remote's chunks after start-up`, async () => {
    // The host's runtime loads the entry and preloads the exposed module's chunks (from the manifest)
    // through the host's policy; after that, the host's catch-all refuses the remote's URLs, so only
    // the remote's own policy can load the chunks fetched later (the click's flow, the dialog).
    const strictDefault = HOST_DEFAULT_POLICY.replace(
      '(url) => (window.__defaultPolicyUrls.push(url), url)',
      `(url) => (window.__defaultPolicyUrls.push(url), window.__startedUp && url.startsWith(${JSON.stringify(e2e.remoteUrl)}) ? null : url)`,
    );
    expect(strictDefault).not.toBe(HOST_DEFAULT_POLICY);
    const host = await open({
      csp: `require-trusted-types-for 'script'; trusted-types default ${POLICY} ${CHUNK_POLICY}`,
      initScript: strictDefault + HELD_IDLE,
    });
    expect(await host.waitForStates(2)).toEqual(['pending', 'resolved']);
    // Counted before the idle callbacks run: the chunks fetched from then on (at idle, or at the
    // click if sooner) can only come through the remote's own policy. Counted after them, the
    // chunks' requests may or may not be seen yet, and the click may fetch nothing new.
    const remoteFiles = host.requests.filter((r) => r.url.startsWith(e2e.remoteUrl!)).length;
    // Read before the click: the redirect leaves this page.
    const created = await host.page.evaluate(() => {
      const w = window as unknown as { __startedUp: boolean; __policiesCreated: string[]; __runIdle: () => void };
      w.__startedUp = true;
      w.__runIdle();
      return w.__policiesCreated;
    });
    expect([...created].sort()).toEqual([CHUNK_POLICY, POLICY, 'default']);
    await host.button().click();
    await host.waitForCheckout();
    expect(host.requests.filter((r) => r.url.startsWith(e2e.remoteUrl!)).length).toBeGreaterThan(remoteFiles);
    await host.expectNoPageErrors([]);
  });

  it(`a page that does not allow ${POLICY}: script_blocked naming Trusted Types and the policy, no tag, no request`, async () => {
    const host = await open({
      csp: `require-trusted-types-for 'script'; trusted-types default ${CHUNK_POLICY}`,
      initScript: HOST_DEFAULT_POLICY,
      props: { maxLoadAttempts: 3 },
    });

    expect(await host.waitForStates(2)).toEqual(['pending', 'rejected:script_blocked']);
    const [, rejected] = await host.stateEvents();
    expect(rejected.message).toMatch(
      /^Trusted Types blocked https:\/\/js\.stripe\.com\/endive\/stripe\.js: the page does not allow the policy "checkout-stripe-js"/,
    );
    expect(rejected.message).toContain(`trusted-types ${POLICY}`);
    expect(await host.errorCodes()).toEqual(['script_blocked']);
    await expectDom(host, { state: 'rejected', error: 'script_blocked' });
    expect(await host.cspViolations()).toEqual([{ blockedURI: 'trusted-types-policy', directive: 'trusted-types' }]);
    expect(await host.tags()).toMatchObject({ inserted: 0, executions: 0, instances: 0 });
    expect(host.stripeRequests).toEqual([]);
    await host.expectNoPageErrors(TT_NOISE);
  });

  it(`the element's recipe: its tag, added by the host kit, through the page's default policy; its chunks through ${CHUNK_POLICY}, Stripe.js through ${POLICY}`, async () => {
    const { host, events } = await openElementPage(open, {
      csp: `require-trusted-types-for 'script'; trusted-types default ${POLICY} ${CHUNK_POLICY}`,
      before: (h) => h.context.addInitScript(HOST_DEFAULT_POLICY),
    });
    await host.waitUntil(() => details(events, 'checkout-state').length === 2, 'the button resolved');
    expect(details(events, 'checkout-state')).toEqual([{ state: 'pending' }, { state: 'resolved' }]);
    const seen = await host.page.evaluate(() => {
      const w = window as unknown as { __defaultPolicyUrls: string[]; __policiesCreated: string[] };
      return { defaultPolicyUrls: w.__defaultPolicyUrls, created: w.__policiesCreated };
    });
    expect(seen.defaultPolicyUrls).toContain(`${e2e.remoteUrl}/checkout-button.js`);
    expect(seen.defaultPolicyUrls.filter((url) => url.startsWith('https://js.stripe.com/'))).toEqual([]);
    expect([...seen.created].sort()).toEqual([CHUNK_POLICY, POLICY, 'default']);
    expect(await host.cspViolations()).toEqual([]);
    await host.expectNoPageErrors([]);
  });

  it(`the element's recipe on a page with no default policy that allows ${ELEMENT_POLICY}: the host kit's policy vouches for the tag`, async () => {
    const { host, events } = await openElementPage(open, {
      csp: `require-trusted-types-for 'script'; trusted-types ${ELEMENT_POLICY} ${POLICY} ${CHUNK_POLICY}`,
      before: (h) => h.context.addInitScript(RECORD_POLICIES),
    });
    await host.waitUntil(() => details(events, 'checkout-state').length === 2, 'the button resolved');
    expect(details(events, 'checkout-state')).toEqual([{ state: 'pending' }, { state: 'resolved' }]);
    const created = await host.page.evaluate(() => (window as unknown as { __policiesCreated: string[] }).__policiesCreated);
    expect([...created].sort()).toEqual([ELEMENT_POLICY, CHUNK_POLICY, POLICY].sort());
    expect(await host.cspViolations()).toEqual([]);
    await host.expectNoPageErrors([]);
  });

  it(`the element's recipe on a page with neither a default policy nor ${ELEMENT_POLICY}: the tag is refused, the form stays, the page's code hears what to allow`, async () => {
    const { host, events } = await openElementPage(open, {
      csp: `require-trusted-types-for 'script'; trusted-types ${POLICY} ${CHUNK_POLICY}`,
      waitForButton: false,
    });
    const refused = new RegExp(`^checkout: Trusted Types refused .*checkout-button\\.js: .*"${ELEMENT_POLICY}"`);
    await host.waitUntil(() => host.console.some(({ text }) => refused.test(text)), "the recipe's report of the refused tag");
    await host.settled();
    expect(events).toEqual([]);
    expect(host.requests.filter((r) => r.url.startsWith(`${e2e.remoteUrl}/checkout-button.`))).toHaveLength(1); // the preload alone
    await host.waitForVisible(host.page.getByRole('button', { name: 'Pay 12.00 €' }), 'the form that pays');
    // The kit's policy refused, then the plain string: the page's reports name both.
    expect(await host.cspViolations()).toEqual([
      { blockedURI: 'trusted-types-policy', directive: 'trusted-types' },
      { blockedURI: 'trusted-types-sink', directive: 'require-trusted-types-for' },
    ]);
    await host.expectNoPageErrors([
      ...EXPECTED_BROWSER_NOISE,
      new RegExp(`^Creating a TrustedTypePolicy named '${ELEMENT_POLICY}' violates`),
      /requires 'TrustedScriptURL' assignment/,
    ]);
  });
});
