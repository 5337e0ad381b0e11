// A release's file changed on its way to the page (by a proxy, a CDN, a route of the test): what the
// changed code does when it runs, how a test sees that it ran, and what Chromium prints when it
// refuses the file for its integrity. Shared by the release-trust suite (tests/e2e/integrity/).
import { EXPECTED_BROWSER_NOISE, type HostPage } from './harness';

/** Put in front of a file's text: the page ran changed code if `window.__tampered` is ever set. */
export const TAMPERED = 'window.__tampered = true;\n';

/** Whether the changed code ran on the page. */
export const tampered = (host: HostPage): Promise<boolean> =>
  host.page.evaluate(() => (window as unknown as { __tampered?: boolean }).__tampered === true);

/** Chromium's console line for a script refused by its integrity. */
export const INTEGRITY_REFUSED = /^Failed to find a valid digest in the 'integrity' attribute for resource /;

/** The browser's usual lines, and the refusal's. */
export const REFUSAL_NOISE = [...EXPECTED_BROWSER_NOISE, INTEGRITY_REFUSED];
