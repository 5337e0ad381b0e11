// Keyboard use and axe-core in every state, in Chromium against the production remote.
import type { Page } from 'playwright-core';
import { BUTTON_LABEL, MESSAGES, e2eSuite, expectDom, useBrowser, usePages, type HostPage, type OpenOptions } from './support/harness';

import { axeViolations } from './support/axePage';

/** What has the focus: its role (or tag) and accessible text. */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    return `${el.getAttribute('role') ?? el.tagName.toLowerCase()}: ${el.textContent?.trim()}`;
  });
}

async function tabTo(host: HostPage, target: string, maxTabs = 5): Promise<void> {
  for (let i = 0; i < maxTabs; i++) {
    await host.page.keyboard.press('Tab');
    if ((await focused(host.page)) === target) return;
  }
  throw new Error(`Tab did not reach "${target}" in ${maxTabs} presses (focus: ${await focused(host.page)})`);
}

const CHECKOUT_BUTTON = `button: ${BUTTON_LABEL}`;

e2eSuite('Keyboard and axe-core in a real browser', () => {
  const browser = useBrowser();
  const open = usePages(browser);

  it.each(['Enter', 'Space'])('Tab reaches the button and %s starts checkout', async (key) => {
    const host = await open({ session: { seq: ['ok'], delay: 300 } });
    expect(await host.waitForStates(2)).toEqual(['pending', 'resolved']);

    await host.page.keyboard.press('Tab');
    expect(await focused(host.page)).toBe(CHECKOUT_BUTTON); // the first Tab stop
    await host.page.keyboard.press(key === 'Space' ? ' ' : key);

    await host.waitForCheckout();
    expect(host.checkoutNavigations).toHaveLength(1);
    expect(host.sessionRequests).toHaveLength(1);
    await host.expectNoPageErrors();
  });

  it('after a failed checkout, focus goes to the error message', async () => {
    const host = await open({ session: { seq: ['500'] } });
    await host.waitForStates(2);
    await tabTo(host, CHECKOUT_BUTTON);
    await host.page.keyboard.press('Enter');

    await expectDom(host, { error: 'session_failed', alert: MESSAGES.session_failed });
    await host.waitUntil(async () => (await focused(host.page)) === `alert: ${MESSAGES.session_failed}`, 'focus on the alert');
    await host.expectNoPageErrors();
  });

  it('a failed load does not steal focus; after a failed Try again, focus goes to Try again; after a good one, to the button', async () => {
    const host = await open({ stripe: 'abort', props: { mode: 'embedded', maxLoadAttempts: 1 } });
    expect(await host.waitForStates(2)).toEqual(['pending', 'rejected:script_load_failed']);
    expect(await focused(host.page)).toBe('body'); // nobody asked: the failure on mount leaves focus alone

    await tabTo(host, 'button: Try again');
    await host.page.keyboard.press('Enter');
    expect(await host.waitForStates(4)).toEqual(['pending', 'rejected:script_load_failed', 'pending', 'rejected:script_load_failed']);
    await host.waitUntil(async () => (await focused(host.page)) === 'button: Try again', 'focus on Try again');

    host.setStripe('ok');
    await host.page.keyboard.press('Enter');
    await host.waitForStates(6);
    await expectDom(host, { state: 'resolved', tryAgain: false, alert: null });
    expect(await focused(host.page)).toBe(CHECKOUT_BUTTON);
    await host.expectNoPageErrors();
  });

  const states: Array<{ name: string; options: OpenOptions; settle: (host: HostPage) => Promise<void> }> = [
    {
      name: 'pending',
      options: { stripe: 'hang', props: { mode: 'embedded' } },
      settle: (host) => expectDom(host, { state: 'pending', busy: 'true' }),
    },
    {
      name: 'resolved',
      options: {},
      settle: (host) => expectDom(host, { state: 'resolved', busy: 'false' }),
    },
    {
      name: 'rejected (script error, Try again)',
      options: { stripe: 'abort', props: { mode: 'embedded', maxLoadAttempts: 1 } },
      settle: (host) => expectDom(host, { state: 'rejected', error: 'script_load_failed', tryAgain: true }),
    },
    {
      name: 'session in flight (busy)',
      options: { session: { seq: ['hang'] } },
      settle: async (host) => {
        await expectDom(host, { state: 'resolved' });
        await host.button().click();
        await expectDom(host, { busy: 'true' });
      },
    },
    {
      name: 'session error',
      options: { session: { seq: ['500'] } },
      settle: async (host) => {
        await expectDom(host, { state: 'resolved' });
        await host.button().click();
        await expectDom(host, { error: 'session_failed' });
      },
    },
    {
      name: 'secret key (disabled)',
      options: { props: { publishableKey: 'sk_test_e2eNotAPublishableKey' }, propsOffTheWire: true },
      settle: (host) => expectDom(host, { state: 'rejected', error: 'secret_key', disabled: true }),
    },
  ];

  it.each(states)('axe-core finds no violation: $name', async ({ options, settle }) => {
    const host = await open(options);
    await settle(host);
    expect(await axeViolations(host.page)).toEqual([]);
    await host.expectNoPageErrors();
  });

  it.each([
    { name: 'resolved', options: {}, state: 'resolved' },
    {
      name: 'embedded, Stripe.js failed (alert and Try again)',
      options: { stripe: 'abort', props: { mode: 'embedded', maxLoadAttempts: 1 } },
      state: 'rejected',
    },
  ] as const)(
    'the host example on a 390×844 phone: no sideways scrolling, the button above the fold ($name)',
    async ({ options, state }) => {
      const host = await open({ ...options, width: 390, height: 844 });
      await expectDom(host, { state });
      const layout = await host.page.evaluate(() => ({
        pageWidth: document.documentElement.scrollWidth,
        buttonBottom: Math.ceil(document.querySelector('.mfc-button')!.getBoundingClientRect().bottom),
      }));
      expect(layout.pageWidth).toBeLessThanOrEqual(390);
      expect(layout.buttonBottom).toBeLessThanOrEqual(844);
      await host.expectNoPageErrors();
    },
  );
});
