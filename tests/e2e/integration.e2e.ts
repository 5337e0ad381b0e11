// The integration as documented pays: host-example/src built alone (`--env demo=off`, the page a
// platform team copies, with none of the demo around it), served with server/'s routes against the
// Stripe API stand-in, the remote at a dev config's URL answered by the served remote. A click lands
// on Stripe's hosted page (the stand-in session's own URL) or opens embedded Checkout with the
// stand-in session's client secret. And a refusal by the real server reaches the host's onError
// with the server's own sentence, while the person reads the button's.
import { stripeForStandIn } from '../../stand-ins/stripeApi';
import { CHECKOUT_PATHS } from '../../server/routes';
import { CONFIGURED_REMOTE_ORIGIN } from './support/env';
import { answerFromServedRemote } from './support/servedRemote';
import { MESSAGES, e2e, e2eSuite, useBrowser, usePages, type HostPage } from './support/harness';

/** Reads the stand-in's sessions as the server's own library would. */
const stripeApi = () => stripeForStandIn({ port: Number(new URL(e2e.stripeApiUrl!).port) });

/** The integration's page, as a person opens it. */
async function openIntegration(
  open: (options?: { url: string; waitForButtons: number }) => Promise<HostPage>,
  url: string,
): Promise<HostPage> {
  const host = await open({ url: 'about:blank', waitForButtons: 0 });
  await host.context.route(`${CONFIGURED_REMOTE_ORIGIN}/**`, (route) => answerFromServedRemote(route));
  await host.page.goto(`${url}/`, { waitUntil: 'domcontentloaded' });
  await host.waitForVisible(host.button(), 'the checkout button');
  return host;
}

/** What the browser sent to the session endpoint, and what the server answered (read on the way: a redirect leaves no body to read). */
async function clickForSession(host: HostPage): Promise<{ sent: unknown; status: number; answer: unknown }> {
  let seen: ((exchange: { sent: unknown; status: number; answer: unknown }) => void) | undefined;
  const exchanged = new Promise<{ sent: unknown; status: number; answer: unknown }>((resolve) => (seen = resolve));
  await host.page.route(`**${CHECKOUT_PATHS.sessions}`, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    seen?.({ sent: route.request().postDataJSON(), status: response.status(), answer: JSON.parse(body) });
    await route.fulfill({ response, body });
  });
  await host.button().click();
  return exchanged;
}

e2eSuite('the integration alone (host-example/src, --env demo=off) against server/ and the API stand-in', () => {
  const browser = useBrowser();
  const open = usePages(browser);

  it("redirect: the click lands on Stripe's hosted page, at the URL of the session the server created", async () => {
    const host = await openIntegration(open, e2e.integrationUrl!);
    const { sent, status, answer } = await clickForSession(host);
    expect({ sent, status }).toEqual({ sent: { productId: 'coffee-beans-1kg', mode: 'redirect' }, status: 200 });
    await host.waitForCheckout();
    const sessionId = new URL(host.page.url()).pathname.split('/').pop()!;
    const session = await stripeApi().checkout.sessions.retrieve(sessionId);
    expect(session.ui_mode).toBe('hosted_page');
    expect(host.page.url()).toBe(session.url);
    expect(answer).toEqual({ url: session.url });
    expect(host.checkoutNavigations).toHaveLength(1); // one navigation (a request URL carries no #fragment)
    await host.expectNoPageErrors();
  });

  it("embedded: the click opens Stripe's embedded Checkout in the page, with the client secret of the session the server created", async () => {
    const host = await openIntegration(open, e2e.integrationEmbeddedUrl!);
    const { sent, status, answer } = await clickForSession(host);
    expect({ sent, status }).toEqual({ sent: { productId: 'coffee-beans-1kg', mode: 'embedded' }, status: 200 });
    const dialog = host.page.getByRole('dialog', { name: MESSAGES.dialogTitle });
    await host.waitForVisible(dialog.getByRole('button', { name: 'Pay (stand-in)' }), 'embedded Checkout in the dialog');
    const sessionId = (answer as { clientSecret: string }).clientSecret.split('_secret_')[0];
    const session = await stripeApi().checkout.sessions.retrieve(sessionId);
    expect(session.ui_mode).toBe('embedded_page');
    expect(answer).toEqual({ clientSecret: session.client_secret });
    expect(host.checkoutNavigations).toEqual([]);
    await host.expectNoPageErrors();
  });
});

e2eSuite("a refusal by server/ reaches the host's onError with the server's sentence", () => {
  const browser = useBrowser();
  const open = usePages(browser);

  it('400 for a product not in the catalog: onError says why, the person reads the button’s own text', async () => {
    const host = await open({ props: { sessionEndpoint: CHECKOUT_PATHS.sessions, sessionBody: { productId: 'not-in-the-catalog' } } });
    await host.button().click();
    await host.waitForVisible(host.alert().filter({ hasText: MESSAGES.session_failed }), 'the session failure');
    const errors = (await host.events()).filter((e) => e.kind === 'error');
    expect(errors).toEqual([
      expect.objectContaining({
        code: 'session_failed',
        message: `POST ${CHECKOUT_PATHS.sessions} answered 400 Bad Request: No product "not-in-the-catalog" in the catalog.`,
      }),
    ]);
    host.expectNoNavigation();
    await host.expectNoPageErrors();
  });
});
