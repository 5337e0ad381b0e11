/**
 * @jest-environment node
 */
// WebCrypto (sha384, Ed25519) is Node's here, as it is the browser's in the page.
import { checkFile, integrityByUrl, ReleaseRefused, sha384, trustedInventory, type ReleaseTrust } from '@checkout/host-kit';
import { integrityOf, inventoryOf, publisherKeys } from './releaseFixture';

const URL_ = 'https://cdn.example/checkout/releases/0.1.0/release-inventory.json';
const encode = (text: string) => new TextEncoder().encode(text);
const buffer = (text: string) => encode(text).buffer;
const flipOneByte = (text: string) => text.replace('"schema":1', '"schema":1 ');

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ReleaseRefused) return error.reason;
    throw error;
  }
  return 'accepted';
}

describe('a release inventory the page trusts', () => {
  const inventory = inventoryOf({ 'remoteEntry.js': 'entry()', 'mf-manifest.json': '{}' });

  it('computes the integrity the browser checks (sha384, base64)', async () => {
    expect(await sha384(encode('entry()'))).toBe(integrityOf('entry()'));
  });

  it('accepts a pinned inventory whose bytes hash to the pinned integrity, and refuses it with one byte changed', async () => {
    const trust: ReleaseTrust = { inventoryIntegrity: integrityOf(inventory) };
    expect((await trustedInventory(URL_, buffer(inventory), trust)).files).toHaveLength(2);
    expect(await refusal(trustedInventory(URL_, buffer(flipOneByte(inventory)), trust))).toBe('inventory-integrity');
  });

  it("accepts an inventory the publisher's key signed, and refuses a changed inventory, a changed signature and another key's signature", async () => {
    const publisher = await publisherKeys();
    const other = await publisherKeys();
    const trust: ReleaseTrust = { publisherKey: publisher.publicKey };
    const signature = await publisher.sign(encode(inventory));
    expect((await trustedInventory(URL_, buffer(inventory), trust, signature)).release.version).toBe('0.1.0');
    expect(await refusal(trustedInventory(URL_, buffer(flipOneByte(inventory)), trust, signature))).toBe('signature');
    const bytes = Buffer.from(signature, 'base64');
    bytes[10] ^= 1;
    expect(await refusal(trustedInventory(URL_, buffer(inventory), trust, bytes.toString('base64')))).toBe('signature');
    expect(await refusal(trustedInventory(URL_, buffer(inventory), trust, await other.sign(encode(inventory))))).toBe('signature');
    expect(await refusal(trustedInventory(URL_, buffer(inventory), trust, 'not a signature'))).toBe('signature');
    expect(await refusal(trustedInventory(URL_, buffer(inventory), trust))).toBe('signature');
  });

  it('refuses a signed inventory of a schema it does not know', async () => {
    const publisher = await publisherKeys();
    const future = JSON.stringify({ schema: 2, files: [] });
    expect(await refusal(trustedInventory(URL_, buffer(future), { publisherKey: publisher.publicKey }, await publisher.sign(encode(future))))).toBe(
      'inventory-integrity',
    );
  });

  it('checks a file against the inventory by its absolute URL: listed and equal, changed, or not listed', async () => {
    const files = integrityByUrl(JSON.parse(inventory), 'https://cdn.example/checkout/releases/0.1.0/');
    await expect(checkFile(files, 'https://cdn.example/checkout/releases/0.1.0/remoteEntry.js', buffer('entry()'))).resolves.toBeUndefined();
    expect(await refusal(checkFile(files, 'https://cdn.example/checkout/releases/0.1.0/remoteEntry.js', buffer('entry();')))).toBe('file-integrity');
    expect(await refusal(checkFile(files, 'https://cdn.example/checkout/releases/0.2.0/remoteEntry.js', buffer('entry()')))).toBe('not-inventoried');
  });
});
