// The button's language in a real browser: chosen from `stripeOptions.locale` or the browser's own
// languages, shown in the alert and the Try again button, with the host's overrides on top.
import { de } from '../../src/i18n/texts/de';
import { fr } from '../../src/i18n/texts/fr';
import { ja } from '../../src/i18n/texts/ja';
import { SCRIPT_FAILURE_TEXTS } from '../../src/i18n/texts/scriptFailures';
import { e2eSuite, useBrowser, usePages, type HostPage } from './support/harness';

// Embedded mode with Stripe.js unreachable: the person sees the alert and a retry button.
const failingEmbedded = { mode: 'embedded' as const, maxLoadAttempts: 1 };

async function shown(host: HostPage) {
  const root = host.root();
  await host.waitForVisible(host.alert(), 'the alert');
  return {
    lang: await root.getAttribute('lang'),
    alert: await host.alert().textContent(),
    retry: await root.locator('button.mfc-retry').textContent(),
  };
}

e2eSuite('the button speaks the chosen language', () => {
  const browser = useBrowser();
  const open = usePages(browser);

  it("follows stripeOptions.locale (fr-CA → French) over the browser's language", async () => {
    const host = await open({ locale: 'de-DE', props: { ...failingEmbedded, stripeOptions: { locale: 'fr-CA' } }, stripe: 'abort' });
    expect(await shown(host)).toEqual({ lang: 'fr', alert: SCRIPT_FAILURE_TEXTS.fr.script_load_failed, retry: fr.tryAgain });
    await host.expectNoPageErrors();
  });

  it("follows the browser's language when the locale is 'auto' (ja-JP → Japanese)", async () => {
    const host = await open({ locale: 'ja-JP', props: { ...failingEmbedded, stripeOptions: { locale: 'auto' } }, stripe: 'abort' });
    expect(await shown(host)).toEqual({ lang: 'ja', alert: SCRIPT_FAILURE_TEXTS.ja.script_load_failed, retry: ja.tryAgain });
  });

  it("lets the host's messages win over the built-in language", async () => {
    const host = await open({
      locale: 'de-DE',
      props: { ...failingEmbedded, messages: { script_load_failed: 'Kartenzahlung gerade nicht erreichbar.' } },
      stripe: 'abort',
    });
    expect(await shown(host)).toEqual({ lang: 'de', alert: 'Kartenzahlung gerade nicht erreichbar.', retry: de.tryAgain });
  });

  // German runs longest: on a 390 px phone its alert and buttons wrap inside the component.
  it('fits German in a 390 px wide phone layout: nothing overflows the component', async () => {
    const host = await open({ locale: 'de-DE', width: 390, props: failingEmbedded, stripe: 'abort' });
    expect((await shown(host)).alert).toBe(SCRIPT_FAILURE_TEXTS.de.script_load_failed);
    const overflow = await host
      .root()
      .evaluate((root) =>
        [root, ...Array.from(root.querySelectorAll('*'))]
          .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > window.innerWidth)
          .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
      );
    expect(overflow).toEqual([]);
    if (process.env.E2E_SCREENSHOTS) await host.page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/de-390.png`, fullPage: true });
  });
});
