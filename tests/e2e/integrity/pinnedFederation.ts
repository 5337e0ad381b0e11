// A federation host that lets only a verified release of the remote run (hosts/pinned/index.html with
// packages/host-kit/src/release/verifiedRelease.ts), behind a CDN that changes one file: the changed code never
// runs, the page stays whole with its fallback, the refusal reaches the page's monitoring, and the
// untouched release goes all the way to Stripe Checkout.
import { e2e, PUBLISHABLE_KEY, type HostPage, type OpenPage } from '../support/harness';
import {
  buildPublisherKey,
  INVENTORY,
  integrityOf,
  newPublisher,
  ReleaseCdn,
  routePinnedPages,
  type Publisher,
} from '../support/releaseCdn';
import { readFileSync } from 'node:fs';
import { TEST_PUBLIC_KEY_FILE } from '../../../release/signing';
import { CONFIGURED_REMOTE_ORIGIN } from '../support/env';
import { SESSION_PATH } from '../support/sessionEndpoint';
import { REFUSAL_NOISE as INTEGRITY_NOISE, TAMPERED, tampered } from '../support/tampering';

const REPORT_PATH = '/monitoring/refused-script';
/** A browser whose Web Crypto has no Ed25519 (what every browser before 2024/25 is): it refuses to import such a key. */
const WITHOUT_ED25519 = `{
  const refuse = (original) => function (...args) {
    const algorithm = args.find((arg) => arg === 'Ed25519' || (arg && arg.name === 'Ed25519'));
    return algorithm ? Promise.reject(new DOMException('Unrecognized name.', 'NotSupportedError')) : original.apply(this, args);
  };
  for (const name of ['importKey', 'verify', 'generateKey']) SubtleCrypto.prototype[name] = refuse(SubtleCrypto.prototype[name]);
}`;
/** A page where Web Crypto is missing, as browsers leave it out of pages not served over https. */
const WITHOUT_WEB_CRYPTO = `Object.defineProperty(Crypto.prototype, 'subtle', { get: () => undefined });`;
const RELEASE = 'releases/0.1.0/';
/** What the browser prints when it refuses a script by its integrity, and the failed loads that follow. */
const REFUSAL_NOISE = [
  ...INTEGRITY_NOISE,
  /RUNTIME-00[38]/,
  /checkout\/mount/,
  /ReleaseRefused|release inventory|did not load with its integrity/,
];

export function describePinnedFederation(open: OpenPage): void {
  describe('a pinned or verified release of the remote, in Chromium', () => {
    // Another publisher: a key pair of the test's own, not the one the page pins.
    let other: Publisher;
    beforeAll(async () => {
      other = await newPublisher();
    });

    /** The built release as the build wrote it (inventory signed with the committed test key), and a `stable` channel on it. */
    async function cdn(): Promise<ReleaseCdn> {
      const site = new ReleaseCdn();
      await site.addRelease('0.1.0', e2e.remoteDir!);
      site.setChannel('stable', '0.1.0');
      return site;
    }

    type Trust = 'pinned' | 'channel';
    interface PageOptions {
      /** The keys the page trusts (default: the build's). */
      keys?: string[];
      minSequence?: number;
      /** A script run before the page's own (what the browser lacks). */
      init?: string;
    }
    async function openPinned(site: ReleaseCdn, trust: Trust, options: PageOptions = {}): Promise<HostPage> {
      const host = await open({ url: 'about:blank', waitForButtons: 0 });
      if (options.init) await host.page.addInitScript(options.init);
      await site.route(host.context);
      await routePinnedPages(host.context, e2e.hostUrl!);
      const query = new URLSearchParams({
        props: JSON.stringify({
          publishableKey: PUBLISHABLE_KEY,
          sessionEndpoint: `${SESSION_PATH}?key=${host.sessionKey}&seq=ok`,
          children: 'Pay 12.00 €',
        }),
      });
      if (trust === 'pinned') {
        query.set('remote', `${CONFIGURED_REMOTE_ORIGIN}/${RELEASE}mf-manifest.json`);
        query.set('inventoryIntegrity', integrityOf(site.files.get(`${RELEASE}${INVENTORY}`)!));
      } else {
        query.set('remote', `${CONFIGURED_REMOTE_ORIGIN}/stable/mf-manifest.json`);
        for (const key of options.keys ?? [buildPublisherKey()]) query.append('publisherKey', key);
        if (options.minSequence !== undefined) query.set('minSequence', String(options.minSequence));
      }
      await host.page.goto(`${e2e.hostUrl}/pinned/index.html?${query}`, { waitUntil: 'domcontentloaded' });
      return host;
    }

    /** The page's own form that pays without any script: there until the button is, and for good after a refusal. */
    const payForm = (host: HostPage) =>
      host.page.locator('form.checkout-fallback[action="/api/checkout-sessions"]').getByRole('button', { name: 'Pay 12.00 €' });

    const reports = (host: HostPage) =>
      host.requests
        .filter((r) => new URL(r.url).pathname === REPORT_PATH)
        .map((r) => JSON.parse(r.body ?? '{}') as { reason: string; url: string });

    async function expectRefused(host: HostPage, reason: string, file: string): Promise<void> {
      // The page's catch: loadRemote failed, the form stays.
      await host.waitUntil(
        () => host.consoleErrors().some((text) => !/^Failed to (load|find)/.test(text)),
        'the failed load, logged by the page',
      );
      await host.waitUntil(() => reports(host).length > 0, 'the refusal reported to the page’s monitoring');
      expect(reports(host)).toEqual([expect.objectContaining({ reason, url: `${CONFIGURED_REMOTE_ORIGIN}/${file}` })]);
      expect(await tampered(host)).toBe(false);
      await expect(host.page.getByRole('heading', { name: 'Pinned host' }).isVisible()).resolves.toBe(true);
      await expect(payForm(host).isVisible()).resolves.toBe(true);
      expect(await host.page.locator('[data-checkout-state]').count()).toBe(0);
      await host.expectNoPageErrors(REFUSAL_NOISE);
    }

    it.concurrent.each<Trust>(['pinned', 'channel'])(
      'the untouched release (%s): every script of it runs with its integrity, the button reaches Stripe Checkout, nothing is reported',
      async (trust) => {
        const site = await cdn();
        const host = await openPinned(site, trust);
        await host.waitForVisible(host.page.locator('[data-checkout-state="resolved"]'), 'the remote’s button, resolved');
        const button = host.page.locator('[data-checkout-state]').getByRole('button', { name: 'Pay 12.00 €' });
        expect(await payForm(host).count()).toBe(0); // the button took the form's place
        await button.click();
        await host.waitForCheckout();
        expect(reports(host)).toEqual([]);
        expect(site.asked).toEqual(expect.arrayContaining([`${RELEASE}${INVENTORY}`, `${RELEASE}remoteEntry.js`]));
      },
    );

    it.concurrent.each<Trust>(['pinned', 'channel'])(
      'the entry changed (%s): it never runs, the form stays, file-integrity is reported',
      async (trust) => {
        const site = await cdn();
        site.change(`${RELEASE}remoteEntry.js`, (body) => TAMPERED + body);
        const host = await openPinned(site, trust);
        await expectRefused(host, 'file-integrity', `${RELEASE}remoteEntry.js`);
      },
    );

    it.concurrent.each<Trust>(['pinned', 'channel'])(
      'the manifest changed to name another entry (%s): nothing of it is requested, the form stays, file-integrity is reported',
      async (trust) => {
        const site = await cdn();
        site.files.set(`${RELEASE}evil.js`, Buffer.from(TAMPERED));
        site.change(`${RELEASE}mf-manifest.json`, (body) => body.replace(/"name":\s*"remoteEntry\.js"/, '"name": "evil.js"'));
        expect(site.files.get(`${RELEASE}mf-manifest.json`)!.toString()).toContain('"evil.js"');
        const host = await openPinned(site, trust);
        await expectRefused(host, 'file-integrity', `${RELEASE}mf-manifest.json`);
        expect(site.asked).not.toContain(`${RELEASE}evil.js`);
        expect(site.asked).not.toContain(`${RELEASE}remoteEntry.js`);
      },
    );

    it.concurrent(
      'the exposed chunk the host’s runtime preloads changed (pinned): it never runs, the form stays, file-integrity is reported',
      async () => {
        const site = await cdn();
        const chunk = site.find(RELEASE, /^__federation_expose_mount\./);
        site.change(chunk, (body) => TAMPERED + body);
        const host = await openPinned(site, 'pinned');
        await expectRefused(host, 'file-integrity', chunk);
      },
    );

    it.concurrent(
      'the inventory’s signature changed by one byte (channel): no script of the release is requested, signature is reported',
      async () => {
        const site = await cdn();
        const signature = Buffer.from(site.files.get(`${RELEASE}${INVENTORY}.sig`)!.toString(), 'base64');
        signature[0] ^= 1;
        site.files.set(`${RELEASE}${INVENTORY}.sig`, Buffer.from(signature.toString('base64')));
        const host = await openPinned(site, 'channel');
        await expectRefused(host, 'signature', `${RELEASE}${INVENTORY}`);
        expect(site.asked.filter((file) => file.endsWith('.js'))).toEqual([]);
      },
    );

    it.concurrent(
      'the channel moved to a release signed with another key, whose entry was changed: it never runs, unknown-key is reported',
      async () => {
        const site = await cdn();
        await site.addRelease('0.1.1', e2e.remoteDir!, other, (files) =>
          files.set('remoteEntry.js', Buffer.from(TAMPERED + files.get('remoteEntry.js')!.toString())),
        );
        site.setChannel('stable', '0.1.1');
        const host = await openPinned(site, 'channel');
        await expectRefused(host, 'unknown-key', `releases/0.1.1/${INVENTORY}`);
        expect(site.asked.filter((file) => file.endsWith('.js'))).toEqual([]);
      },
    );

    /** The build's own sequence (the release 0.1.0 the channel starts on). */
    const builtSequence = (site: ReleaseCdn) =>
      (JSON.parse(site.files.get(`${RELEASE}${INVENTORY}`)!.toString()) as { sequence: number }).sequence;

    it.concurrent(
      'a key rotation without a flag day: a page that trusts the old and the new key runs the release the old key signed, then the next one the new key signed',
      async () => {
        const site = await cdn();
        const keys = [buildPublisherKey(), other.publicKey];
        const before = await openPinned(site, 'channel', { keys });
        await before.waitForVisible(before.page.locator('[data-checkout-state="resolved"]'), 'the release the old key signed, resolved');
        await site.addRelease('0.1.1', e2e.remoteDir!, other, undefined, { sequence: builtSequence(site) + 1 });
        site.setChannel('stable', '0.1.1');
        const after = await openPinned(site, 'channel', { keys });
        await after.waitForVisible(after.page.locator('[data-checkout-state="resolved"]'), 'the release the new key signed, resolved');
        expect(site.asked).toContain(`releases/0.1.1/remoteEntry.js`);
        expect([...reports(before), ...reports(after)]).toEqual([]);
      },
    );

    it.concurrent.each([
      [
        'a rollback: the channel moved back to a release below the sequence the page holds',
        'sequence',
        (sequence: number) => ({ sequence: sequence - 1 }),
      ],
      ['an expired release', 'expired', () => ({ expires: '2026-01-01T00:00:00.000Z' })],
      ["another product's release signed by the same key", 'product', () => ({ product: 'invoices' })],
    ])('%s: nothing of it runs, the form stays, %s is reported', async (_, reason, terms) => {
      const site = await cdn();
      await site.addRelease('0.0.9', e2e.remoteDir!, other, undefined, terms(builtSequence(site)));
      site.setChannel('stable', '0.0.9');
      const host = await openPinned(site, 'channel', { keys: [buildPublisherKey(), other.publicKey], minSequence: builtSequence(site) });
      await expectRefused(host, reason, `releases/0.0.9/${INVENTORY}`);
      expect(site.asked.filter((file) => file.endsWith('.js'))).toEqual([]);
    });

    it.concurrent('a page that trusts the committed test key: refused outside development, test-key is reported', async () => {
      const site = await cdn();
      const host = await openPinned(site, 'channel', { keys: [buildPublisherKey(), readFileSync(TEST_PUBLIC_KEY_FILE, 'utf8').trim()] });
      await expectRefused(host, 'test-key', `${RELEASE}${INVENTORY}`);
    });

    it.concurrent(
      'a browser without Ed25519 in Web Crypto (Safari before 17, Firefox before 129, Chromium before 137) verifies the release and runs it',
      async () => {
        const site = await cdn();
        const host = await openPinned(site, 'channel', { init: WITHOUT_ED25519 });
        expect(
          await host.page.evaluate(() =>
            crypto.subtle.importKey('raw', new Uint8Array(32), 'Ed25519', false, ['verify']).then(
              () => 'imported',
              (e: Error) => e.name,
            ),
          ),
        ).toBe('NotSupportedError');
        await host.waitForVisible(host.page.locator('[data-checkout-state="resolved"]'), 'the remote’s button, resolved');
        expect(reports(host)).toEqual([]);
      },
    );

    it.concurrent.each<Trust>(['channel', 'pinned'])(
      'a page without Web Crypto (%s; e.g. served over http): unsupported is reported, never signature, and the form stays',
      async (trust) => {
        const site = await cdn();
        const host = await openPinned(site, trust, { init: WITHOUT_WEB_CRYPTO });
        await expectRefused(host, 'unsupported', `${RELEASE}${INVENTORY}`);
        expect(site.asked.filter((file) => file.endsWith('.js'))).toEqual([]);
      },
    );
  });
}
