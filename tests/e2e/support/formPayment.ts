// Paying through a plain form, as a browser with no script would: the click, server/'s `303`, and the
// landing on Stripe's hosted page (the harness answers checkout.stripe.com, or the offline stand-in
// serves it), checked against the session the API stand-in holds. And the page's layout shifts, as
// Chromium reports them.
import type { Locator } from 'playwright-core';
import { stripeForStandIn } from '../../../stand-ins/stripeApi';
import type { HostPage } from './harness';

/** Clicks `submit` and expects the page on the hosted page of a session the API stand-in at `stripeApiUrl` created; returns its id. */
export async function expectFormPays(host: HostPage, submit: Locator, stripeApiUrl: string): Promise<string> {
  const posted = host.page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.request().isNavigationRequest(),
    { timeout: 60_000 }, // a failure deadline: a host's first post may still wait for its database to open on a busy machine
  );
  await submit.click();
  const answer = await posted.catch(async (error: unknown) => {
    throw new Error(`no answer to the form's post.\n${await host.diagnose()}\n${String(error)}`);
  });
  expect(answer.status()).toBe(303);
  expect(answer.request().headers()['content-type']).toBe('application/x-www-form-urlencoded');
  const stripe = stripeForStandIn({ port: Number(new URL(stripeApiUrl).port) });
  const location = (await answer.allHeaders()).location ?? '';
  if (location.startsWith(`${stripeApiUrl}/`)) {
    // A host of one's own, offline: `npm run stripe:offline` serves the hosted page itself.
    await host.page.waitForURL(location);
    const sessionId = new URL(location).searchParams.get('session')!;
    expect((await stripe.checkout.sessions.retrieve(sessionId)).url).toBe(location);
    return sessionId;
  }
  await host.waitForCheckout();
  const sessionId = new URL(host.page.url()).pathname.split('/').pop()!;
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  expect(session.ui_mode).toBe('hosted_page');
  expect(host.page.url()).toBe(session.url);
  expect(host.checkoutNavigations).toHaveLength(1);
  return sessionId;
}

/** An init script: every layout shift the page has (none after input), summed as CLS does, with what moved. */
export function recordLayoutShifts(): void {
  const w = window as unknown as { __layoutShift: { total: number; moved: string[] } };
  w.__layoutShift = { total: 0, moved: [] };
  type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node | null }> };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Shift[]) {
      if (entry.hadRecentInput) continue;
      w.__layoutShift.total += entry.value;
      for (const source of entry.sources ?? [])
        w.__layoutShift.moved.push(source.node instanceof Element ? source.node.outerHTML.slice(0, 80) : String(source.node?.nodeName));
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

export async function layoutShift(host: HostPage): Promise<{ total: number; moved: string[] }> {
  return host.page.evaluate(() => (window as unknown as { __layoutShift: { total: number; moved: string[] } }).__layoutShift);
}

/** Where a box is on the page, rounded to a tenth of a pixel. */
export async function boxOf(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('no box: the element is not rendered');
  const round = (n: number) => Math.round(n * 10) / 10;
  return { x: round(box.x), y: round(box.y), width: round(box.width), height: round(box.height) };
}
