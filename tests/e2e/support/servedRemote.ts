// The remote's configured origin (what the hosts' builds name) answered by the remote the e2e set-up
// serves, for a page's routes.
import type { Route } from 'playwright-core';
import { e2e } from './harness';

/**
 * Answers `route` with the served remote's file; `seen` gets its bytes first. A request still in
 * flight when its test closes the page ends here quietly: the page it was for is gone.
 */
export async function answerFromServedRemote(route: Route, seen?: (pathname: string, body: Buffer) => void): Promise<void> {
  const { pathname, search } = new URL(route.request().url());
  try {
    const response = await route.fetch({ url: `${e2e.remoteUrl}${pathname}${search}` });
    const body = await response.body();
    seen?.(pathname, body);
    await route.fulfill({ response, body });
  } catch (error) {
    if (!pageGone(route)) throw error;
  }
}

function pageGone(route: Route): boolean {
  try {
    return route.request().frame().page().isClosed();
  } catch {
    return true; // no frame any more (or a worker's request): nothing is waiting for the answer
  }
}
