/** @jest-environment node */
// `npm run serve:offline`: a host of one's own points its button and its form at one port and pays
// offline: the session's URL is this server's stand-in of Stripe's page (the button accepts it once
// the host lists the loopback origin), paying there sends the signed webhook back and the person to
// the host's return page, and the status route then says paid. CORS answers the host's pages only.
import { startOfflineCheckout, type OfflineCheckout } from '../../serve/offlineCheckout';
import { checkRedirectUrl } from '../../src/checkout/redirectUrl';

const HOST_PAGE = 'http://localhost:5173';
let offline: OfflineCheckout;
beforeAll(async () => {
  offline = await startOfflineCheckout({ PORT: '0', HOST: '127.0.0.1', RETURN_PAGE: `${HOST_PAGE}/thanks`, SESSION_RATE_LIMIT: 'off' });
}, 30_000);
afterAll(() => offline?.close());

const sessionIdOf = (url: string) => new URL(url).searchParams.get('session')!;

async function payOnStandInPage(pageUrl: string) {
  const page = await fetch(pageUrl);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Stripe Checkout (offline stand-in)');
  const paid = await fetch(new URL('/demo-checkout', pageUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ session: sessionIdOf(pageUrl), outcome: 'paid' }).toString(),
  });
  expect(paid.status).toBe(303);
  return paid.headers.get('location')!;
}

describe('npm run serve:offline', () => {
  it("the button's session: CORS for the host's page, a URL on this server's stand-in page the button may go to, paid and reported", async () => {
    const preflight = await fetch(`${offline.url}/api/checkout-sessions`, {
      method: 'OPTIONS',
      headers: {
        Origin: HOST_PAGE,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,idempotency-key',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(HOST_PAGE);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Idempotency-Key/);
    const created = await fetch(`${offline.url}/api/checkout-sessions`, {
      method: 'POST',
      headers: { Origin: HOST_PAGE, 'Content-Type': 'application/json', 'Idempotency-Key': 'offline-button-0001' },
      body: JSON.stringify({ productId: 'coffee-beans-1kg', mode: 'redirect' }),
    });
    expect(created.status).toBe(200);
    expect(created.headers.get('access-control-allow-origin')).toBe(HOST_PAGE);
    const { url } = (await created.json()) as { url: string };
    expect(url.startsWith(`${offline.url}/demo-checkout?session=cs_test_`)).toBe(true);
    // The button leaves for it once the host lists the offline server (loopback http) in allowedCheckoutOrigins.
    expect(checkRedirectUrl(url, ['https://checkout.stripe.com', offline.url])).toBeNull();
    expect(checkRedirectUrl(url, ['https://checkout.stripe.com'])?.code).toBe('redirect_refused');
    const back = await payOnStandInPage(url);
    const id = sessionIdOf(url);
    expect(back).toBe(`${HOST_PAGE}/thanks?session_id=${id}`);
    const status = await fetch(`${offline.url}/api/checkout-session-status?session_id=${id}`);
    expect(await status.json()).toMatchObject({ status: 'complete', paymentStatus: 'paid', outcome: 'paid' });
  });

  it("a plain form from the host's page: 303 straight to the stand-in page", async () => {
    const posted = await fetch(`${offline.url}/api/checkout-sessions`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: HOST_PAGE, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ productId: 'coffee-beans-1kg', quantity: '2', formKey: 'offline-form-key-1' }).toString(),
    });
    expect(posted.status).toBe(303);
    const location = posted.headers.get('location')!;
    expect(location.startsWith(`${offline.url}/demo-checkout?session=`)).toBe(true);
    expect(await payOnStandInPage(location)).toMatch(new RegExp(`^${HOST_PAGE}/thanks\\?session_id=cs_test_`));
  });

  it('a page of another origin gets no CORS, and its form is refused 403', async () => {
    const preflight = await fetch(`${offline.url}/api/checkout-sessions`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const posted = await fetch(`${offline.url}/api/checkout-sessions`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: 'http://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ productId: 'coffee-beans-1kg' }).toString(),
    });
    expect(posted.status).toBe(403);
  });
});
