// What the host matrix's browser tests share: a host's served URL (or why it has none), and its page
// opened with the remote's configured origin answered by a test's own route.
import type { Route } from 'playwright-core';
import { CHECKOUT_PATHS } from '../../../server/routes';
import { SESSION_PATH } from './sessionEndpoint';
import { PUBLISHABLE_KEY, type HostPage, type OpenOptions } from './harness';
import { CONFIGURED_REMOTE_ORIGIN, readHostMatrixEnv, type HostEntry, type MatrixHost } from './hostMatrix';

const matrix = readHostMatrixEnv();

/** The host as the set-up served it; throws with the reason when it could not. */
export function servedHost(id: string): HostEntry & { url: string } {
  const entry = matrix?.hosts[id];
  if (!entry || entry.error || !entry.url) {
    throw new Error(
      `${id} is not available: ${entry?.error ?? 'the host matrix set-up did not run'}${process.env.CI === 'true' ? ' [CI=true]' : ''}`,
    );
  }
  return entry as HostEntry & { url: string };
}

/** A host's page, ready to go to its URL: the button's props (and a runtime host's remote) in the query. */
export interface MatrixPage {
  page: HostPage;
  /** Navigates, waiting for nothing but the response's first bytes; resolves with when it started. */
  go(): Promise<number>;
}

/** What the hosts' pay forms post (server/'s route, and a product of its catalog), as their static forms name them. */
export const FORM_PROPS = { sessionEndpoint: CHECKOUT_PATHS.sessions, sessionBody: { productId: 'coffee-beans-1kg' } };

/**
 * Opens `host`'s page with every request to the remote's configured origin answered by `answer`. The
 * button's props: the test session endpoint, or (`props`) others over the publishable key.
 */
export async function openMatrixHost(
  open: (options?: OpenOptions) => Promise<HostPage>,
  host: MatrixHost,
  answer: (route: Route) => Promise<void> | void,
  props?: Record<string, unknown>,
): Promise<MatrixPage> {
  const { url } = servedHost(host.id);
  const page = await open({ url: 'about:blank', waitForButtons: 0 });
  await page.context.route(`${CONFIGURED_REMOTE_ORIGIN}/**`, answer);
  const buttonProps = { publishableKey: PUBLISHABLE_KEY, ...(props ?? testSessionProps(host, page)) };
  const query = new URLSearchParams({ props: JSON.stringify(buttonProps), remote: `${CONFIGURED_REMOTE_ORIGIN}/${host.entry}` });
  return {
    page,
    go: async () => {
      const started = Date.now();
      await page.page.goto(`${url}/?${query}`, { waitUntil: 'commit' });
      return started;
    },
  };
}

/**
 * The button's session endpoint: the test endpoint beside the host (`?seq=ok`), or, for a host whose
 * own server runs the server half (nothing beside it), that server's own route for a catalog product.
 */
export function testSessionProps(host: MatrixHost, page: HostPage): Record<string, unknown> {
  return host.server === 'framework' ? FORM_PROPS : { sessionEndpoint: `${SESSION_PATH}?key=${page.sessionKey}&seq=ok` };
}

/** The Stripe API stand-in that creates `hostId`'s sessions: its own when its server runs the server half, else the matrix's. */
export const matrixStripeApiUrl = (hostId?: string): string => {
  const own = hostId ? matrix?.hostStripeApiUrls?.[hostId] : undefined;
  if (own) return own;
  if (!matrix?.stripeApiUrl) throw new Error('the host matrix has no Stripe API stand-in: its set-up did not run');
  return matrix.stripeApiUrl;
};

/** Every call the warehouse stand-in got from the hosts that ship themselves. */
export async function warehouseCalls(): Promise<
  Array<{ idempotencyKey: string | null; order: Record<string, unknown>; status: number | null }>
> {
  if (!matrix?.warehouseUrl) throw new Error('the host matrix has no warehouse stand-in: its set-up did not run');
  return (await fetch(matrix.warehouseUrl)).json() as Promise<
    Array<{ idempotencyKey: string | null; order: Record<string, unknown>; status: number | null }>
  >;
}

/** The form a host shows until the button is there (and for good if the remote is down): its submit button. */
export function payFormButton(page: HostPage) {
  return page.page.locator('form.checkout-fallback').getByRole('button', { name: 'Pay 12.00 €' });
}

/** The page's own heading: every host names itself and its React ("… host, React 18.3.1", "… host, no React"). */
export function ownHeading(page: HostPage) {
  return page.page.getByRole('heading', { level: 1 });
}
