// A release as its publisher would put it online, in memory: files, their inventory, its Ed25519
// signature, and a fetch that answers from them (404 otherwise), recording what was asked.
import { createHash, webcrypto } from 'node:crypto';

export type Files = Record<string, string>;

export const integrityOf = (body: string | Uint8Array) => `sha384-${createHash('sha384').update(body).digest('base64')}`;

export async function publisherKeys(): Promise<{ publicKey: string; sign: (bytes: Uint8Array) => Promise<string> }> {
  const pair = (await webcrypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as unknown as webcrypto.CryptoKeyPair;
  const publicKey = Buffer.from(await webcrypto.subtle.exportKey('raw', pair.publicKey)).toString('base64');
  const sign = async (bytes: Uint8Array) => Buffer.from(await webcrypto.subtle.sign('Ed25519', pair.privateKey, bytes)).toString('base64');
  return { publicKey, sign };
}

/** release-inventory.json's bytes for these files (paths relative to the release). */
export function inventoryOf(files: Files): string {
  return JSON.stringify({
    schema: 1,
    release: { name: 'checkout', version: '0.1.0', commit: 'abc', builtAt: '2026-11-26T00:00:00.000Z' },
    files: Object.entries(files).map(([path, body]) => ({ path, integrity: integrityOf(body), size: body.length, why: 'test' })),
    thirdParty: [{ url: 'https://js.stripe.com/endive/stripe.js', integrity: null, why: 'Stripe.js' }],
  });
}

export function manifestOf(publicPath = 'auto'): string {
  return JSON.stringify({ id: 'checkout', name: 'checkout', metaData: { publicPath, remoteEntry: { name: 'remoteEntry.js', path: '' } } });
}

/** A fetch over `site` (absolute URL → body). */
export function siteFetch(site: Record<string, string>) {
  const asked: string[] = [];
  const get = async (url: string) => {
    asked.push(url);
    return url in site ? new Response(site[url]) : new Response('not found', { status: 404 });
  };
  return { get, asked };
}
