// The remote's configured origin (what the hosts' builds name) answered by the remote the e2e set-up
// serves, for a page's routes.
import type { Route } from 'playwright-core';
import { e2e } from './harness';

export interface ServedRemoteOptions {
  /** Gets each file's bytes as sent. */
  seen?: (pathname: string, body: Buffer) => void;
  /** Changes a file's text before it is sent. */
  rewrite?: (text: string) => string;
}

/**
 * Answers `route` with the served remote's file. A request still in flight when its test closes the
 * page (or its context) ends here quietly: the page it was for is gone.
 */
export async function answerFromServedRemote(route: Route, { seen, rewrite }: ServedRemoteOptions = {}): Promise<void> {
  const { pathname, search } = new URL(route.request().url());
  try {
    const response = await route.fetch({ url: `${e2e.remoteUrl}${pathname}${search}` });
    const served = await response.body();
    const body = rewrite ? Buffer.from(rewrite(served.toString('utf8'))) : served;
    seen?.(pathname, body);
    await route.fulfill({ response, body });
  } catch (error) {
    if (!pageGone(route) && !disposed(error)) throw error;
  }
}

/** Playwright disposes a context's responses as the context closes, before its pages read as closed. */
function disposed(error: unknown): boolean {
  return error instanceof Error && /has been disposed|has been closed/.test(error.message);
}

function pageGone(route: Route): boolean {
  try {
    return route.request().frame().page().isClosed();
  } catch {
    return true; // no frame any more (or a worker's request): nothing is waiting for the answer
  }
}
