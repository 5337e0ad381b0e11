// The page the person comes back to tells the truth: the host example's session endpoint is server/'s
// (against the Stripe API stand-in), the test plays Stripe's side (the person paid, the bank debit is
// still processing, it failed, the session expired), and the page shows what the server reads from
// Stripe for that session, not a constant.
import { controlStandIn } from '../../stand-ins/stripeApi';
import type { Page } from 'playwright-core';
import { BUTTON_LABEL, e2e, e2eSuite, useBrowser, usePages, type HostPage } from './support/harness';

const stripeSide = () => controlStandIn(e2e.stripeApiUrl!);
const order = (mode: 'redirect' | 'embedded') => ({
  props: { mode, sessionEndpoint: '/api/checkout-sessions', sessionBody: { productId: 'coffee-beans-1kg' } },
});

async function leaveForCheckout(host: HostPage): Promise<string> {
  await host.waitForStates(2);
  await host.button().click();
  await host.waitForCheckout();
  // The hosted page the stand-in answered: https://checkout.stripe.com/c/pay/<session id>
  return new URL(host.page.url()).pathname.split('/').pop()!;
}

e2eSuite('the return page shows the order as the server reads it from Stripe', () => {
  const browser = useBrowser();
  const open = usePages(browser);

  it.each<[string, (id: string) => Promise<{ returnUrl: string | null }>, 'status' | 'alert', string]>([
    ['paid', (id) => stripeSide().complete(id, 'paid'), 'status', 'Payment received. Thank you!'],
    [
      'processing',
      (id) => stripeSide().complete(id, 'processing'),
      'status',
      'Your payment is processing. Your order ships once it clears.',
    ],
    [
      'failed',
      (id) => stripeSide().complete(id, 'failed'),
      'alert',
      'Your payment failed and nothing was charged. Please try another payment method.',
    ],
    ['expired', (id) => stripeSide().expire(id), 'alert', 'This checkout expired before payment. Nothing was charged.'],
  ])('%s', async (outcome, move, role, text) => {
    const host = await open(order('redirect'));
    const sessionId = await leaveForCheckout(host);
    expect(sessionId).toMatch(/^cs_test_\w+$/);
    const { returnUrl } = await move(sessionId);
    // Stripe's success_url, with the session's id where the server put {CHECKOUT_SESSION_ID}.
    expect(returnUrl).toBe(`${e2e.hostUrl}/?remote=${encodeURIComponent(e2e.manifestUrl!)}&session_id=${sessionId}`);
    await host.page.goto(returnUrl!, { waitUntil: 'domcontentloaded' });
    const shown = host.page.getByRole(role).filter({ hasText: text });
    await host.waitForVisible(shown, `the ${outcome} status`);
    expect(await host.page.locator('.order-status').getAttribute('data-outcome')).toBe(outcome);
    const statusReads = host.requests.filter((r) => r.url.includes('/api/checkout-session-status'));
    expect(statusReads.map((r) => new URL(r.url).searchParams.get('session_id'))).toEqual([sessionId]);
    await host.expectNoPageErrors();
  });

  it('the order page with no session to show says nothing about a payment', async () => {
    const host = await open(order('redirect'));
    await host.waitForStates(2);
    expect(await host.page.locator('.order-status').count()).toBe(0);
    expect(host.requests.filter((r) => r.url.includes('/api/checkout-session-status'))).toEqual([]);
  });

  /** Opens embedded Checkout on `page` and returns the id of the session the endpoint answered for it. */
  async function openEmbedded(page: Page): Promise<string> {
    const answered = page.waitForResponse((r) => r.url().includes('/api/checkout-sessions') && r.request().method() === 'POST');
    await page.locator('[data-checkout-state]').getByRole('button', { name: BUTTON_LABEL }).click();
    const { clientSecret } = (await (await answered).json()) as { clientSecret: string };
    await page.getByRole('button', { name: 'Pay (stand-in)' }).waitFor();
    return clientSecret.split('_secret_')[0];
  }

  it('embedded: after Checkout completes in the page, the status of the session onComplete names', async () => {
    const host = await open(order('embedded'));
    await host.waitForStates(2);
    const sessionId = await openEmbedded(host.page);
    // No cookie names it (another tab would overwrite it).
    expect((await host.context.cookies()).map((c) => c.name)).not.toContain('checkout_session');
    // Stripe's servers complete the session as the person pays in the embedded form.
    await stripeSide().complete(sessionId, 'paid');
    await host.page.getByRole('button', { name: 'Pay (stand-in)' }).click();
    await host.page.getByRole('dialog').waitFor({ state: 'detached' });
    await host.waitForVisible(host.page.getByRole('status').filter({ hasText: 'Payment received. Thank you!' }), 'the paid status');
    const statusReads = host.requests.filter((r) => r.url.includes('/api/checkout-session-status'));
    expect(statusReads.map((r) => new URL(r.url).searchParams.get('session_id'))).toEqual([sessionId]);
    expect((await host.events()).filter((e) => e.kind === 'complete')).toEqual([expect.objectContaining({ sessionId })]);
    host.expectNoNavigation();
    await host.expectNoPageErrors();
  });

  it('embedded in two tabs: the tab that paid reads its own order, though the other tab created a session after it', async () => {
    const host = await open(order('embedded'));
    await host.waitForStates(2);
    const paid = await openEmbedded(host.page);
    // The same browser, another tab: it opens Checkout too (a newer session), and does not pay.
    const other = await host.context.newPage();
    await other.goto(host.pageUrl, { waitUntil: 'domcontentloaded' });
    const unpaid = await openEmbedded(other);
    expect(unpaid).not.toBe(paid);
    await stripeSide().complete(paid, 'paid');
    await host.page.getByRole('button', { name: 'Pay (stand-in)' }).click();
    await host.waitForVisible(host.page.getByRole('status').filter({ hasText: 'Payment received. Thank you!' }), 'the paid status');
    const statusReads = host.requests.filter((r) => r.url.includes('/api/checkout-session-status'));
    expect(statusReads.map((r) => new URL(r.url).searchParams.get('session_id'))).toEqual([paid]);
    await host.expectNoPageErrors();
  });
});
