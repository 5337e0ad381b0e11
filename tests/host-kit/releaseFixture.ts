// A release as its publisher would put it online, in memory: files, their inventory, its ECDSA P-256
// signature, and a fetch that answers from them (404 otherwise), recording what was asked.
import { createHash, webcrypto } from 'node:crypto';
import { keyIdOf } from '../../release/signing';

export type Files = Record<string, string>;

export const integrityOf = (body: string | Uint8Array) => `sha384-${createHash('sha384').update(body).digest('base64')}`;

export interface Publisher {
  publicKey: string;
  keyId: string;
  sign: (bytes: Uint8Array) => Promise<string>;
}

export async function publisherKeys(): Promise<Publisher> {
  const pair = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  const publicKey = Buffer.from(await webcrypto.subtle.exportKey('raw', pair.publicKey)).toString('base64');
  const sign = async (bytes: Uint8Array) =>
    Buffer.from(await webcrypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, pair.privateKey, bytes)).toString('base64');
  return { publicKey, keyId: keyIdOf(publicKey), sign };
}

/** What the publisher signs besides the files. */
export interface Terms {
  keyId: string;
  product?: string;
  sequence?: number;
  expires?: string;
}

/** release-inventory.json's bytes for these files (paths relative to the release). */
export function inventoryOf(files: Files, terms: Terms = { keyId: 'p256-none' }): string {
  return JSON.stringify({
    schema: 2,
    product: terms.product ?? 'checkout',
    release: { name: 'checkout', version: '0.1.0', commit: 'abc', builtAt: '2026-11-26T00:00:00.000Z' },
    keyId: terms.keyId,
    sequence: terms.sequence ?? 100,
    expires: terms.expires ?? '2099-01-01T00:00:00.000Z',
    files: Object.entries(files).map(([path, body]) => ({ path, integrity: integrityOf(body), size: body.length, why: 'test' })),
    thirdParty: [{ url: 'https://js.stripe.com/endive/stripe.js', integrity: null, why: 'Stripe.js' }],
  });
}

/** An expose's files as a manifest lists them: needed before it runs, and asked for later. */
export interface ExposeFiles {
  name: string;
  sync: string[];
  async: string[];
}

export function manifestOf(publicPath = 'auto', exposes: ExposeFiles[] = []): string {
  return JSON.stringify({
    id: 'checkout',
    name: 'checkout',
    metaData: { publicPath, remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: exposes.map(({ name, sync, async }) => ({ name, assets: { js: { sync, async }, css: { sync: [], async: [] } } })),
  });
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
