// What the host matrix's browser tests share: a host's served URL (or why it has none), and its page
// opened with the remote's configured origin answered by a test's own route.
import type { Route } from 'playwright-core';
import { SESSION_PATH } from './sessionEndpoint';
import { PUBLISHABLE_KEY, type HostPage, type OpenOptions } from './harness';
import { CONFIGURED_REMOTE_ORIGIN, readHostMatrixEnv, type HostEntry, type MatrixHost } from './hostMatrix';

const matrix = readHostMatrixEnv();

/** The host as the set-up served it; throws with the reason when it could not. */
export function servedHost(id: string): HostEntry & { url: string } {
  const entry = matrix?.hosts[id];
  if (!entry || entry.error || !entry.url) {
    throw new Error(`${id} is not available: ${entry?.error ?? 'the host matrix set-up did not run'}${process.env.CI === 'true' ? ' [CI=true]' : ''}`);
  }
  return entry as HostEntry & { url: string };
}

/** A host's page, ready to go to its URL: the button's props (and a runtime host's remote) in the query. */
export interface MatrixPage {
  page: HostPage;
  /** Navigates, waiting for nothing but the response's first bytes; resolves with when it started. */
  go(): Promise<number>;
}

/** Opens `host`'s page with every request to the remote's configured origin answered by `answer`. */
export async function openMatrixHost(
  open: (options?: OpenOptions) => Promise<HostPage>,
  host: MatrixHost,
  answer: (route: Route) => Promise<void> | void,
): Promise<MatrixPage> {
  const { url } = servedHost(host.id);
  const page = await open({ url: 'about:blank', waitForButtons: 0 });
  await page.context.route(`${CONFIGURED_REMOTE_ORIGIN}/**`, answer);
  const props = { publishableKey: PUBLISHABLE_KEY, sessionEndpoint: `${SESSION_PATH}?key=${page.sessionKey}&seq=ok` };
  const query = new URLSearchParams({ props: JSON.stringify(props), remote: `${CONFIGURED_REMOTE_ORIGIN}/${host.entry}` });
  return {
    page,
    go: async () => {
      const started = Date.now();
      await page.page.goto(`${url}/?${query}`, { waitUntil: 'commit' });
      return started;
    },
  };
}

/** The page's own heading: every host names itself and its React ("… host, React 18.3.1", "… host, no React"). */
export function ownHeading(page: HostPage) {
  return page.page.getByRole('heading', { level: 1 });
}
