// Click to Stripe's page: from a click on a bench page to the browser's navigation request to
// Stripe's hosted page (https://checkout.stripe.com/…, answered by a route: nothing leaves the
// machine). `button`: the script's button, clicked once the page has settled (Stripe.js ready, the
// network idle: the click's chunk is fetched at idle), as a person who read the page clicks.
// `form`: the plain form in the page's HTML, in a browser with JavaScript disabled: the server
// answers 303 to the session's URL. Both on the profile's network and CPU; the session endpoint is
// server/'s (sessionBackend.ts), in front of a Stripe that takes STRIPE_CREATE_MS to create a session.
import type { Browser } from 'playwright-core';
import { emulate } from './measure';
import { PAY_FORM_BUTTON } from './pays';
import type { Profile } from './profiles';

export type ClickWay = 'button' | 'form';
export const CLICK_WAYS: ClickWay[] = ['button', 'form'];

/** The script's button, once Stripe.js is ready (its root's state). */
const READY_BUTTON = '[data-checkout-state="resolved"] button';
const STRIPE_PAGE = 'https://checkout.stripe.com/';

export interface ClickResult {
  /** ms from the click to the navigation request to Stripe's hosted page. */
  ms: number;
  /** Where it went (the stand-in session's URL). */
  landed: string;
}

/**
 * `userAgent`: one per visit. The server recognises a double submit by the submitter (address,
 * User-Agent, product): without it every form visit after the first would get the first's session.
 */
export async function clickToStripe(
  browser: Browser,
  url: string,
  profile: Profile,
  way: ClickWay,
  userAgent: string,
): Promise<ClickResult> {
  const context = await browser.newContext({ javaScriptEnabled: way === 'button', userAgent });
  try {
    const page = await context.newPage();
    await emulate(context, page, profile);
    await context.route(`${STRIPE_PAGE}**`, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html; charset=utf-8',
        body: '<!doctype html><title>Stripe Checkout (stand-in)</title>',
      }),
    );
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    const target = page.locator(way === 'button' ? READY_BUTTON : PAY_FORM_BUTTON).first();
    await target.waitFor({ timeout: 30_000 });
    if (way === 'button') await page.waitForLoadState('networkidle', { timeout: 30_000 });
    const box = await target.boundingBox();
    if (!box) throw new Error(`The ${way} to click has no box on ${url}.`);
    const navigation = page.waitForRequest((r) => r.url().startsWith(STRIPE_PAGE) && r.isNavigationRequest(), { timeout: 30_000 });
    const clicked = Date.now();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const request = await navigation;
    await request.response();
    return { ms: sentAtMs(request) - clicked, landed: request.url() };
  } finally {
    await context.close();
  }
}

/** What sentAtMs reads of a Playwright request. */
export interface SentRequest {
  timing(): { startTime: number; responseStart: number };
  redirectedFrom(): SentRequest | null;
}

/**
 * When Chromium sent `request`, by its wall clock (ms since the epoch: the clock Date.now() reads on
 * this machine). A request that follows a redirect has no timing of its own in Playwright
 * (`startTime` 0): it left when the redirect's headers arrived.
 */
export function sentAtMs(request: SentRequest): number {
  const { startTime } = request.timing();
  if (startTime > 0) return startTime;
  const redirect = request.redirectedFrom();
  if (!redirect) throw new Error('A request with neither a start time nor a redirect before it.');
  const previous = redirect.timing();
  return previous.startTime + previous.responseStart;
}

/** Chromium's own User-Agent, for the per-visit ones. */
export async function browserUserAgent(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  try {
    return await (await context.newPage()).evaluate(() => navigator.userAgent);
  } finally {
    await context.close();
  }
}
