// Content-Security-Policy hosts and secret keys, in Chromium against the
// production remote and host example. The e2e server sends the CSP a test asks for (tests/e2e/support/pageHandler.ts).
import { createHash } from 'node:crypto';
import { CHECKOUT_URL_PREFIX } from './support/sessionEndpoint';
import { EXPECTED_BROWSER_NOISE, MESSAGES, STRIPE_JS, e2e, e2eSuite, expectDom, useBrowser, usePages } from './support/harness';


/**
 * The host example's own page inlines its CSS: its policy allows that <style> by hash. The remote
 * needs no style allowance (a constructed stylesheet). Read from the page the server sends.
 */
async function hostStyleHashes(): Promise<string> {
  const html = await (await fetch(`${e2e.hostUrl}/`)).text();
  const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, css]) => css);
  return styles.map((css) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`).join(' ');
}

/**
 * The README's strict policy a host needs for the remote: no 'unsafe-eval', no 'unsafe-inline',
 * scripts only from the host itself, the remote's origin and js.stripe.com. Stripe's own needs
 * follow its CSP guide (frames from js.stripe.com, hooks.stripe.com; embedded Checkout from
 * checkout.stripe.com). `hostStyles`: the host page's own inline styles, by hash.
 */
export function strictHostCsp(remoteOrigin: string, hostStyles: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${remoteOrigin} https://js.stripe.com`,
    `connect-src 'self' ${remoteOrigin} https://api.stripe.com https://checkout.stripe.com`,
    'frame-src https://js.stripe.com https://hooks.stripe.com https://checkout.stripe.com',
    "img-src 'self' data: https://*.stripe.com",
    `style-src 'self' ${hostStyles}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * The nonce-based variant (CSP level 3): the host's own tags carry the nonce, and 'strict-dynamic'
 * lets the scripts they trust add the remote's entry, its chunks and Stripe.js.
 */
export function nonceHostCsp(): string {
  return [
    "default-src 'self'",
    "script-src 'nonce-{nonce}' 'strict-dynamic'",
    "connect-src 'self' http://localhost:* https://api.stripe.com https://checkout.stripe.com",
    'frame-src https://js.stripe.com https://hooks.stripe.com https://checkout.stripe.com',
    "img-src 'self' data: https://*.stripe.com",
    "style-src 'self' 'nonce-{nonce}'", // the host page's own inline <style> carries the nonce
    "object-src 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/** Whether this page would run an inline script, and a string passed to setTimeout (eval). */
async function cspControl(page: import('playwright-core').Page): Promise<{ inline: boolean; evalString: boolean }> {
  return page.evaluate(async () => {
    const w = window as unknown as { __inlineRan?: boolean; __evalRan?: boolean };
    const tag = document.createElement('script');
    tag.textContent = 'window.__inlineRan = true';
    document.head.appendChild(tag);
    (setTimeout as unknown as (code: string, ms: number) => void)('window.__evalRan = true', 0);
    await new Promise((resolve) => setTimeout(resolve, 100)); // in the page: no Node helpers there
    return { inline: !!w.__inlineRan, evalString: !!w.__evalRan };
  });
}

e2eSuite('CSP hosts and keys in a real browser', () => {
  const browser = useBrowser();
  const open = usePages(browser);
  let hostStyles = '';
  beforeAll(async () => {
    hostStyles = await hostStyleHashes();
  });

  it('a host whose CSP does not allow js.stripe.com gets script_blocked, with no request and no retry', async () => {
    const csp = `default-src 'self'; script-src 'self' ${e2e.remoteUrl}; connect-src 'self' ${e2e.remoteUrl}; style-src 'self' ${hostStyles}; img-src data:`;
    const host = await open({ csp, props: { maxLoadAttempts: 3 } });

    expect(await host.waitForStates(2)).toEqual(['pending', 'rejected:script_blocked']);
    expect(await host.errorCodes()).toEqual(['script_blocked']);
    const [, rejected] = await host.stateEvents();
    expect(rejected.message).toContain('script-src https://js.stripe.com');
    expect(host.stripeRequests).toEqual([]);
    expect((await host.tags()).inserted).toBe(1); // a CSP block is not retried automatically
    expect(await host.cspViolations()).toEqual([{ blockedURI: STRIPE_JS, directive: 'script-src-elem' }]);
    await expectDom(host, {
      state: 'rejected',
      error: 'script_blocked',
      busy: 'false',
      disabled: false,
      alert: null, // redirect mode: reported to the host, not shown next to a button that works
      tryAgain: false,
    });
    await host.expectNoPageErrors();

    // Redirect mode does not need Stripe.js: the person can still pay on the hosted page.
    await host.button().click();
    await host.waitForCheckout();
    expect(host.checkoutNavigations).toHaveLength(1);
    expect(host.checkoutNavigations[0].startsWith(CHECKOUT_URL_PREFIX)).toBe(true);
    expect(host.sessionRequests).toHaveLength(1);
    expect(host.stripeRequests).toEqual([]);
  });

  it('a strict-CSP host (no unsafe-eval, no unsafe-inline) loads the remote, resolves and checks out', async () => {
    const host = await open({ csp: strictHostCsp(e2e.remoteUrl!, hostStyles) });

    expect(await host.waitForStates(2)).toEqual(['pending', 'resolved']);
    await expectDom(host, { state: 'resolved', error: null, busy: 'false', alert: null });
    expect(await host.cspViolations()).toEqual([]);
    // The button's styles apply under style-src 'self' (a constructed stylesheet needs no allowance).
    const background = await host.button().evaluate((b) => getComputedStyle(b).backgroundColor);
    expect(background).toBe('rgb(99, 91, 255)');
    await host.expectNoPageErrors([]); // not even a console line

    // Control: the policy is in force. Inline script and string eval are refused in this page.
    expect(await cspControl(host.page)).toEqual({ inline: false, evalString: false });
    expect(host.stripeRequests).toEqual([STRIPE_JS]);

    await host.button().click();
    await host.waitForCheckout();
    expect(host.checkoutNavigations).toHaveLength(1);
    expect(host.sessionRequests).toHaveLength(1);
    expect(host.pageErrors).toEqual([]);
  });

  it("embedded mode under the README's strict CSP: the dialog opens, the payment completes, zero violations", async () => {
    // server/'s endpoint (a session the status route knows): the page then reads the order onComplete names.
    const props = { mode: 'embedded' as const, sessionEndpoint: '/api/checkout-sessions', sessionBody: { productId: 'coffee-beans-1kg' } };
    const host = await open({ csp: strictHostCsp(e2e.remoteUrl!, hostStyles), props });

    expect(await host.waitForStates(2)).toEqual(['pending', 'resolved']);
    await host.button().click();
    await host.page.getByRole('dialog', { name: 'Secure checkout' }).waitFor();
    await host.page.getByRole('button', { name: 'Pay (stand-in)' }).click();
    await host.page.getByRole('dialog').waitFor({ state: 'detached' });
    expect((await host.events()).filter((e) => e.kind === 'complete')).toHaveLength(1);
    await host.page.locator('.order-status:not([data-outcome="checking"])').waitFor();
    expect(await host.cspViolations()).toEqual([]);
    expect(host.requests.filter((r) => r.method === 'POST' && r.url.includes('/api/checkout-sessions'))).toHaveLength(1);
    expect(await host.tags()).toMatchObject({ inserted: 1, executions: 1, instances: 1 });
    await host.expectNoPageErrors([]);
  });

  it("a nonce-based strict CSP ('strict-dynamic') loads the remote and resolves too", async () => {
    const host = await open({ csp: nonceHostCsp() });

    expect(await host.waitForStates(2)).toEqual(['pending', 'resolved']);
    await expectDom(host, { state: 'resolved', error: null, busy: 'false', alert: null });
    expect(await host.cspViolations()).toEqual([]);
    await host.expectNoPageErrors([]);
    // Control: string eval is refused ('strict-dynamic' trusts scripts added by trusted scripts, so
    // an inline tag added from here would run: that part of the control only holds for the allowlist).
    expect((await cspControl(host.page)).evalString).toBe(false);
  });

  it.each([
    { kind: 'secret', key: 'sk_live_51E2eSecretKeyMustNeverLeak0000' },
    { kind: 'restricted', key: 'rk_test_51E2eRestrictedKeyMustNeverLeak' },
  ])('a $kind key: no request to any host; the key is absent from the DOM and the console', async ({ key }) => {
    const host = await open({ props: { publishableKey: key }, propsOffTheWire: true });

    expect(await host.waitForStates(1)).toEqual(['rejected:secret_key']);
    await expectDom(host, {
      state: 'rejected',
      error: 'secret_key',
      busy: 'false',
      disabled: true,
      alert: MESSAGES.secret_key,
      tryAgain: false,
    });
    // A click on the disabled button does nothing either.
    await host.button().click({ force: true });
    await host.settled();

    expect(host.stripeRequests).toEqual([]);
    expect(host.sessionRequests).toEqual([]);
    // Only the pages' own files: GETs to the host and the remote origins.
    const origins = new Set([new URL(e2e.hostUrl!).origin, new URL(e2e.remoteUrl!).origin]);
    for (const request of host.requests) {
      expect({ url: request.url, method: request.method }).toEqual({ url: request.url, method: 'GET' });
      expect(origins.has(new URL(request.url).origin)).toBe(true);
    }
    expect(JSON.stringify(host.requests)).not.toContain(key);
    expect(await host.page.content()).not.toContain(key);
    expect(await host.page.evaluate(() => document.documentElement.outerHTML)).not.toContain(key);
    expect(JSON.stringify(host.console)).not.toContain(key);
    expect(JSON.stringify(await host.events())).not.toContain(key); // the error handed to the host neither
    // Not even its secret part, after the prefix.
    const secretPart = key.slice('sk_live_'.length);
    expect(JSON.stringify([host.console, await host.events(), await host.page.content()])).not.toContain(secretPart);
    await host.expectNoPageErrors(EXPECTED_BROWSER_NOISE);
  });
});
