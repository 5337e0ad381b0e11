/**
 * @jest-environment node
 */
// startCheckout with the real federation runtime and a release the verifier refuses (Node's WebCrypto
// and Response; a jsdom document for the elements the runtime creates): the refusal is final, reported
// once, and the load's error says it was a refusal and why, unlike an outage.
import { JSDOM } from 'jsdom';
import { init } from '@module-federation/runtime';
import { CHECKOUT_POLICY, loadCheckout, ReleaseRefused, startCheckout, type RemotePolicy } from '@checkout/host-kit';
import { inventoryOf, manifestOf, publisherKeys, siteFetch, type Publisher } from './releaseFixture';

const { window } = new JSDOM('');
Object.assign(globalThis, { document: window.document });

const RELEASE = 'https://cdn.example/checkout/releases/0.1.0/';
const MANIFEST = `${RELEASE}mf-manifest.json`;
const realFetch = globalThis.fetch;
afterAll(() => (globalThis.fetch = realFetch));

init({ name: 'host', remotes: [] });

// One page: its verifier (the runtime keeps the first plugin of a name) reports here; each test serves its own CDN.
const reports: ReleaseRefused[] = [];
let asked: string[] = [];
let policy: RemotePolicy;
let trusted: Publisher;
beforeAll(async () => {
  trusted = await publisherKeys();
  policy = {
    ...CHECKOUT_POLICY,
    manifestUrl: MANIFEST,
    verify: { trust: { publisherKeys: [trusted.publicKey], minSequence: 0 }, report: (refusal) => reports.push(refusal) },
  };
});

function serve(site: Record<string, string>): void {
  const cdn = siteFetch(site);
  asked = cdn.asked;
  reports.length = 0;
  globalThis.fetch = ((url: string) => cdn.get(String(url))) as typeof fetch;
}

/** A release signed by a key the page does not trust: `unknown-key`, however often it is fetched. */
async function untrustedRelease(): Promise<Record<string, string>> {
  const publisher = await publisherKeys();
  const inventory = inventoryOf({ 'mf-manifest.json': manifestOf() }, { keyId: publisher.keyId });
  return {
    [MANIFEST]: manifestOf(),
    [`${RELEASE}release-inventory.json`]: inventory,
    [`${RELEASE}release-inventory.json.sig`]: await publisher.sign(new TextEncoder().encode(inventory)),
  };
}

it('stops at the first refusal: reported once, fetched once, and the error carries the reason', async () => {
  serve(await untrustedRelease());

  const error = (await startCheckout(policy)().catch((e: unknown) => e)) as Error;

  expect(reports.map((refusal) => refusal.reason)).toEqual(['unknown-key']);
  expect(asked.filter((url) => url.endsWith('release-inventory.json'))).toHaveLength(1);
  expect(error.message).toMatch(/^The checkout remote did not run: its release was refused \(unknown-key\): /);
  expect(error.message).not.toMatch(/could not be fetched|attempt/);
  expect(error.cause).toBeInstanceOf(ReleaseRefused);
  expect((error.cause as ReleaseRefused).reason).toBe('unknown-key');
});

it('an outage is still retried, and says so', async () => {
  serve({});

  const error = (await loadCheckout({ ...policy, attempts: 2 }).catch((e: unknown) => e)) as Error;

  expect(reports).toEqual([]);
  expect(asked.filter((url) => url === MANIFEST)).toHaveLength(2);
  expect(error.message).toBe('The checkout remote is unavailable: its manifest could not be fetched (2 attempts).');
  expect(error.cause).not.toBeInstanceOf(ReleaseRefused);
});

it('a remote served without a signed release (a development remote): the error names the missing file, never the manifest it fetched', async () => {
  serve({ [MANIFEST]: manifestOf() });

  const error = (await loadCheckout({ ...policy, attempts: 1 }).catch((e: unknown) => e)) as Error;

  expect(asked).toContain(MANIFEST);
  expect(error.message).toMatch(
    /^The checkout remote is unavailable: its release-inventory\.json(\.sig)? could not be fetched \(https:\/\/cdn\.example\/\S+ answered 404\) \(1 attempt\)\.$/,
  );
  expect(error.message).not.toContain('manifest could not be fetched');
});
