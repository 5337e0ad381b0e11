/**
 * @jest-environment node
 */
// The one format the build writes and every reader checks (packages/host-kit/src/release/releaseFormat.ts), with Node's Web
// Crypto, as the browser's in the page: a key set, the signed terms, and each refusal's own reason.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  checkFile,
  integrityByUrl,
  keyIdOf,
  ReleaseRefused,
  sha384,
  TEST_KEY_ID,
  trustedInventory,
  type KeyTrust,
  type ReleaseTrust,
} from '../../packages/host-kit/src/release/releaseFormat';
import { integrityOf, inventoryOf, publisherKeys, type Publisher, type Terms } from './releaseFixture';

const URL_ = 'https://cdn.example/checkout/releases/0.1.0/release-inventory.json';
const encode = (text: string) => new TextEncoder().encode(text);
const buffer = (text: string) => encode(text).buffer;
const flipOneByte = (text: string) => text.replace('"schema":2', '"schema":2 ');
const FILES = { 'remoteEntry.js': 'entry()', 'mf-manifest.json': '{}' };
const TEST_PUBLIC_KEY = readFileSync(path.resolve(__dirname, '../../release/keys/test-signing-key.pub.txt'), 'utf8').trim();

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ReleaseRefused) return error.reason;
    throw error;
  }
  return 'accepted';
}

/** An inventory of FILES signed by `signer` with these terms. */
async function signed(signer: Publisher, terms: Partial<Terms> = {}): Promise<{ inventory: string; signature: string }> {
  const inventory = inventoryOf(FILES, { keyId: signer.keyId, ...terms });
  return { inventory, signature: await signer.sign(encode(inventory)) };
}

describe('a release inventory the page trusts', () => {
  it('computes the integrity the browser checks (sha384, base64), and key ids as the build does', async () => {
    expect(await sha384(encode('entry()'))).toBe(integrityOf('entry()'));
    const publisher = await publisherKeys();
    expect(await keyIdOf(publisher.publicKey)).toBe(publisher.keyId);
    expect(await keyIdOf(TEST_PUBLIC_KEY)).toBe(TEST_KEY_ID);
  });

  it('accepts a pinned inventory whose bytes hash to the pinned integrity, and refuses it with one byte changed', async () => {
    const inventory = inventoryOf(FILES);
    const trust: ReleaseTrust = { inventoryIntegrity: integrityOf(inventory) };
    expect((await trustedInventory(URL_, buffer(inventory), trust)).files).toHaveLength(2);
    expect(await refusal(trustedInventory(URL_, buffer(flipOneByte(inventory)), trust))).toBe('inventory-integrity');
  });

  it("accepts an inventory a key of the set signed, and refuses a changed inventory, a changed signature and another key's signature", async () => {
    const publisher = await publisherKeys();
    const other = await publisherKeys();
    const trust: KeyTrust = { publisherKeys: [publisher.publicKey] };
    const { inventory, signature } = await signed(publisher);
    expect((await trustedInventory(URL_, buffer(inventory), trust, signature)).release.version).toBe('0.1.0');
    // One key, given alone.
    expect((await trustedInventory(URL_, buffer(inventory), { publisherKey: publisher.publicKey }, signature)).keyId).toBe(publisher.keyId);
    expect(await refusal(trustedInventory(URL_, buffer(flipOneByte(inventory)), trust, signature))).toBe('signature');
    const bytes = Buffer.from(signature, 'base64');
    bytes[10] ^= 1;
    expect(await refusal(trustedInventory(URL_, buffer(inventory), trust, bytes.toString('base64')))).toBe('signature');
    // Another key, claiming to be the trusted one: its signature does not verify.
    expect(await refusal(trustedInventory(URL_, buffer(inventory), trust, await other.sign(encode(inventory))))).toBe('signature');
    expect(await refusal(trustedInventory(URL_, buffer(inventory), trust, 'not a signature'))).toBe('signature');
    expect(await refusal(trustedInventory(URL_, buffer(inventory), trust))).toBe('signature');
    // Another key, naming itself: not one the page trusts.
    const theirs = await signed(other);
    expect(await refusal(trustedInventory(URL_, buffer(theirs.inventory), trust, theirs.signature))).toBe('unknown-key');
  });

  it('a page built without its key (an empty or broken key in its set) is refused as unknown-key, saying the page lacks its key', async () => {
    const publisher = await publisherKeys();
    const { inventory, signature } = await signed(publisher);
    for (const publisherKeys of [[''], [publisher.publicKey, 'not base64!'], [publisher.publicKey.slice(4)], []]) {
      const refused = await trustedInventory(URL_, buffer(inventory), { publisherKeys }, signature).catch((error: ReleaseRefused) => error);
      expect(refused).toBeInstanceOf(ReleaseRefused);
      expect([(refused as ReleaseRefused).reason, (refused as ReleaseRefused).message]).toEqual([
        'unknown-key',
        expect.stringContaining('the page was built without its key'),
      ]);
    }
  });

  it('a malformed minSequence (NaN, negative, fractional, infinite, a string) is refused as min-sequence, never taken as no minimum', async () => {
    const publisher = await publisherKeys();
    const { inventory, signature } = await signed(publisher, { sequence: 1 });
    for (const minSequence of [Number.NaN, -1, 1.5, Infinity, '3' as unknown as number, null as unknown as number]) {
      const refused = await trustedInventory(
        URL_,
        buffer(inventory),
        { publisherKeys: [publisher.publicKey], minSequence },
        signature,
      ).catch((error: ReleaseRefused) => error);
      expect(refused).toBeInstanceOf(ReleaseRefused);
      expect([(refused as ReleaseRefused).reason, (refused as ReleaseRefused).message]).toEqual([
        'min-sequence',
        expect.stringContaining('is not a whole number from 0'),
      ]);
    }
    for (const minSequence of [undefined, 0, 1])
      expect(
        await refusal(trustedInventory(URL_, buffer(inventory), { publisherKeys: [publisher.publicKey], minSequence }, signature)),
      ).toBe('accepted');
  });

  it('a rotation: a page that trusts the old and the new key takes releases signed by either; one that dropped the old key refuses it', async () => {
    const [old, next] = [await publisherKeys(), await publisherKeys()];
    const both: KeyTrust = { publisherKeys: [old.publicKey, next.publicKey] };
    const byOld = await signed(old, { sequence: 10 });
    const byNext = await signed(next, { sequence: 11 });
    expect((await trustedInventory(URL_, buffer(byOld.inventory), both, byOld.signature)).sequence).toBe(10);
    expect((await trustedInventory(URL_, buffer(byNext.inventory), both, byNext.signature)).sequence).toBe(11);
    expect(await refusal(trustedInventory(URL_, buffer(byOld.inventory), { publisherKeys: [next.publicKey] }, byOld.signature))).toBe(
      'unknown-key',
    );
  });

  it('refuses another product, an expired release and a lower sequence, each with its own reason', async () => {
    const publisher = await publisherKeys();
    const trust: KeyTrust = { publisherKeys: [publisher.publicKey], minSequence: 50, now: () => Date.parse('2030-01-01T00:00:00Z') };
    const check = async (terms: Partial<Terms>) => {
      const { inventory, signature } = await signed(publisher, terms);
      return refusal(trustedInventory(URL_, buffer(inventory), trust, signature));
    };
    expect(await check({ sequence: 50, expires: '2030-01-02T00:00:00Z' })).toBe('accepted');
    expect(await check({ product: 'invoices' })).toBe('product');
    expect(await check({ expires: '2029-12-31T23:59:59Z' })).toBe('expired');
    expect(await check({ expires: 'never' })).toBe('expired');
    expect(await check({ sequence: 49 })).toBe('sequence');
    expect(
      await refusal(
        trustedInventory(
          URL_,
          buffer(inventoryOf(FILES, { keyId: publisher.keyId, product: 'invoices' })),
          { ...trust, product: 'invoices' },
          (await signed(publisher, { product: 'invoices' })).signature,
        ),
      ),
    ).toBe('accepted');
  });

  it('refuses the committed test key outside development: signed with it, or trusted by the page', async () => {
    const publisher = await publisherKeys();
    const byTest = inventoryOf(FILES, { keyId: TEST_KEY_ID });
    expect(await refusal(trustedInventory(URL_, buffer(byTest), { publisherKeys: [TEST_PUBLIC_KEY] }, 'x'))).toBe('test-key');
    const { inventory, signature } = await signed(publisher);
    expect(
      await refusal(trustedInventory(URL_, buffer(inventory), { publisherKeys: [publisher.publicKey, TEST_PUBLIC_KEY] }, signature)),
    ).toBe('test-key');
    expect(await refusal(trustedInventory(URL_, buffer(byTest), { inventoryIntegrity: integrityOf(byTest) }))).toBe('test-key');
    expect(await refusal(trustedInventory(URL_, buffer(byTest), { inventoryIntegrity: integrityOf(byTest), development: true }))).toBe(
      'accepted',
    );
  });

  it('refuses an inventory of a schema it does not know (the previous schema 1 included), as format', async () => {
    const publisher = await publisherKeys();
    for (const text of [JSON.stringify({ schema: 1, files: [] }), JSON.stringify({ schema: 3, files: [] }), 'not json']) {
      expect(
        await refusal(trustedInventory(URL_, buffer(text), { publisherKeys: [publisher.publicKey] }, await publisher.sign(encode(text)))),
      ).toBe('format');
    }
  });

  it('reports unsupported, never signature, where this browser cannot verify: no Web Crypto, or no ECDSA', async () => {
    const publisher = await publisherKeys();
    const { inventory, signature } = await signed(publisher);
    const trust: KeyTrust = { publisherKeys: [publisher.publicKey] };
    const crypto = globalThis.crypto;
    try {
      Object.defineProperty(globalThis, 'crypto', { value: undefined, configurable: true });
      expect(await refusal(trustedInventory(URL_, buffer(inventory), trust, signature))).toBe('unsupported');
      expect(await refusal(trustedInventory(URL_, buffer(inventory), { inventoryIntegrity: integrityOf(inventory) }))).toBe('unsupported');
      const subtle = crypto.subtle;
      const noEcdsa = {
        digest: subtle.digest.bind(subtle),
        verify: subtle.verify.bind(subtle),
        importKey: () => Promise.reject(new DOMException('ECDSA', 'NotSupportedError')),
      };
      Object.defineProperty(globalThis, 'crypto', { value: { subtle: noEcdsa }, configurable: true });
      expect(await refusal(trustedInventory(URL_, buffer(inventory), trust, signature))).toBe('unsupported');
    } finally {
      Object.defineProperty(globalThis, 'crypto', { value: crypto, configurable: true });
    }
  });

  it('checks a file against the inventory by its absolute URL: listed and equal, changed, or not listed', async () => {
    const files = integrityByUrl(JSON.parse(inventoryOf(FILES)), 'https://cdn.example/checkout/releases/0.1.0/');
    await expect(
      checkFile(files, 'https://cdn.example/checkout/releases/0.1.0/remoteEntry.js', buffer('entry()')),
    ).resolves.toBeUndefined();
    expect(await refusal(checkFile(files, 'https://cdn.example/checkout/releases/0.1.0/remoteEntry.js', buffer('entry();')))).toBe(
      'file-integrity',
    );
    expect(await refusal(checkFile(files, 'https://cdn.example/checkout/releases/0.2.0/remoteEntry.js', buffer('entry()')))).toBe(
      'not-inventoried',
    );
  });
});
