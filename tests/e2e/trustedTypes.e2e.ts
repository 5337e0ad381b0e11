// Pages that enforce Trusted Types (`require-trusted-types-for 'script'`), with the real CSP header
// from the e2e server. Such a host needs a policy for its own and the federation runtime's
// script URLs (webpack and the runtime assign plain strings): here a `default` policy, as a host
// would install first thing. The Stripe.js URL must go through our own policy, `checkout-stripe-js`.
import { EXPECTED_BROWSER_NOISE, STRIPE_JS, e2eSuite, expectDom, useBrowser, usePages } from './support/harness';

const POLICY = 'checkout-stripe-js';

/** The host's default policy; it records the script URLs it was asked to vouch for, and every policy created. */
const HOST_DEFAULT_POLICY = `(() => {
  window.__defaultPolicyUrls = [];
  window.__policiesCreated = [];
  const factory = window.trustedTypes;
  const create = factory.createPolicy.bind(factory);
  factory.createPolicy = (name, rules) => {
    const policy = create(name, rules); // throws when the page does not allow the name
    window.__policiesCreated.push(name);
    return policy;
  };
  factory.createPolicy('default', {
    createScriptURL: (url) => (window.__defaultPolicyUrls.push(url), url),
    createScript: (code) => code,
    createHTML: (html) => html,
  });
})();`;

/** Chromium's own console line for the refused policy: expected in the refusal scenario. */
const TT_NOISE = [...EXPECTED_BROWSER_NOISE, new RegExp(`^Creating a TrustedTypePolicy named '${POLICY}' violates`)];

e2eSuite('Trusted Types hosts in a real browser', () => {
  const browser = useBrowser();
  const open = usePages(browser);

  it(`a page that allows the ${POLICY} policy resolves, with the Stripe.js URL made by that policy`, async () => {
    const host = await open({
      csp: `require-trusted-types-for 'script'; trusted-types default ${POLICY}`,
      initScript: HOST_DEFAULT_POLICY,
    });

    expect(await host.waitForStates(2)).toEqual(['pending', 'resolved']);
    const seen = await host.page.evaluate(() => {
      const w = window as unknown as { __defaultPolicyUrls: string[]; __policiesCreated: string[] };
      return { defaultPolicyUrls: w.__defaultPolicyUrls, created: w.__policiesCreated };
    });
    expect(seen.created).toEqual(['default', POLICY]);
    // The host's catch-all never saw Stripe.js: our own policy vouched for it.
    expect(seen.defaultPolicyUrls.filter((url) => url.startsWith('https://js.stripe.com/'))).toEqual([]);
    // Control: the host's own chunks and the remote did go through the default policy (it is enforced).
    expect(seen.defaultPolicyUrls.length).toBeGreaterThan(0);
    expect(await host.cspViolations()).toEqual([]);
    expect(await host.tags()).toMatchObject({ inserted: 1, inPage: 1, executions: 1, instances: 1 });
    expect(host.stripeRequests).toEqual([STRIPE_JS]);
    await host.expectNoPageErrors([]);
  });

  it(`a page that does not allow ${POLICY}: script_blocked naming Trusted Types and the policy, no tag, no request`, async () => {
    const host = await open({
      csp: "require-trusted-types-for 'script'; trusted-types default",
      initScript: HOST_DEFAULT_POLICY,
      props: { maxLoadAttempts: 3 },
    });

    expect(await host.waitForStates(2)).toEqual(['pending', 'rejected:script_blocked']);
    const [, rejected] = await host.stateEvents();
    expect(rejected.message).toMatch(/^Trusted Types blocked https:\/\/js\.stripe\.com\/endive\/stripe\.js: the page does not allow the policy "checkout-stripe-js"/);
    expect(rejected.message).toContain(`trusted-types ${POLICY}`);
    expect(await host.errorCodes()).toEqual(['script_blocked']);
    await expectDom(host, { state: 'rejected', error: 'script_blocked' });
    expect(await host.cspViolations()).toEqual([{ blockedURI: 'trusted-types-policy', directive: 'trusted-types' }]);
    expect(await host.tags()).toMatchObject({ inserted: 0, executions: 0, instances: 0 });
    expect(host.stripeRequests).toEqual([]);
    await host.expectNoPageErrors(TT_NOISE);
  });
});
