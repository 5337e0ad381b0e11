// Our remote down, as a page's requests to it meet it: connections refused, an error status, or no
// answer at all. Shared by the remote-down suite (tests/e2e/remoteDown/).
import type { Route } from 'playwright-core';

export type Failure = 'refused' | 'hang' | 404 | 500;

/** Answers one request to the remote as a remote that is down does. */
export async function answerDown(route: Route, failure: Failure): Promise<void> {
  if (failure === 'hang') return; // never answers: pending until the page's context closes
  if (failure === 'refused') return route.abort('connectionrefused');
  await route.fulfill({
    status: failure,
    contentType: 'text/plain',
    headers: { 'Access-Control-Allow-Origin': '*' },
    body: `down (${failure})`,
  });
}
