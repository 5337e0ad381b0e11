// A CDN in front of the built remote, in memory and answered by Playwright routes at the origin the
// fixtures name (CONFIGURED_REMOTE_ORIGIN): `releases/<name>/` directories, channels
// (`<channel>/mf-manifest.json`, release/channelManifest.ts), and one-byte-level tampering of any file.
// Also the page files of `hosts/pinned/` (and the TypeScript modules they import, their
// types stripped), served at the host's origin.
import { createHash, webcrypto } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import ts from 'typescript';
import { channelManifest } from '../../../release/channelManifest';
import { keyIdOf } from '../../../release/signing';
import { runKey } from './runKey';
import { CONFIGURED_REMOTE_ORIGIN, ROOT } from './env';

export const integrityOf = (body: Buffer | string) => `sha384-${createHash('sha384').update(body).digest('base64')}`;
/** What a changed script does if it ever runs: a global a test can read. */
export const INVENTORY = 'release-inventory.json';

export interface Publisher {
  publicKey: string;
  keyId: string;
  sign(bytes: Buffer): Promise<string>;
}

/** A publisher key pair of the test's own (ECDSA P-256, as the build signs). */
export async function newPublisher(): Promise<Publisher> {
  const pair = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  const publicKey = Buffer.from(await webcrypto.subtle.exportKey('raw', pair.publicKey)).toString('base64');
  return {
    publicKey,
    keyId: keyIdOf(publicKey),
    sign: async (bytes) =>
      Buffer.from(await webcrypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, pair.privateKey, bytes)).toString('base64'),
  };
}

/** The build's publisher: the key made for the run (support/runKey.ts) signed its inventory. */
export const buildPublisherKey = (): string => runKey().publicKey;

/** A build directory's files as served, uncompressed (the .gz and .br copies left out). */
function servedFiles(dir: string): Map<string, Buffer> {
  const names = readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isFile() && !/\.(gz|br)$/.test(entry.name));
  return new Map(names.map(({ name }) => [name, readFileSync(path.join(dir, name))]));
}

/** What a test's publisher signs besides the files (the build's own terms by default). */
export interface Terms {
  product?: string;
  sequence?: number;
  expires?: string;
  keyId?: string;
}

/** An inventory of `files` in the build's format (a rogue publisher's: every script and the manifest). */
export function inventoryOf(files: Map<string, Buffer>, terms: Required<Terms>): Buffer {
  const listed = [...files].filter(([name]) => name.endsWith('.js') || name === 'mf-manifest.json');
  return Buffer.from(
    JSON.stringify({
      schema: 2,
      product: terms.product,
      release: { name: 'checkout', version: '0.1.0', commit: 'e2e', builtAt: new Date(0).toISOString() },
      keyId: terms.keyId,
      sequence: terms.sequence,
      expires: terms.expires,
      files: listed.map(([name, body]) => ({ path: name, integrity: integrityOf(body), size: body.length, why: 'e2e' })),
      thirdParty: [{ url: 'https://js.stripe.com/endive/stripe.js', integrity: null, why: 'Stripe.js' }],
    }),
  );
}

export class ReleaseCdn {
  readonly files = new Map<string, Buffer>();
  readonly asked: string[] = [];
  /** ms before each answer: a network's round trip, for measuring what verification costs. */
  latencyMs = 0;

  /**
   * `releases/<name>/`: the build's files as it wrote them, its inventory and signature included; or,
   * with `publisher`, changed by `change`, listed in a new inventory that `publisher` signed, with the
   * build's product, sequence and expiry unless `terms` says otherwise.
   */
  async addRelease(
    name: string,
    dir: string,
    publisher?: Publisher,
    change?: (files: Map<string, Buffer>) => void,
    terms: Terms = {},
  ): Promise<string> {
    const files = servedFiles(dir);
    if (!files.has(INVENTORY)) throw new Error(`${dir} has no ${INVENTORY}: the build writes it in production`);
    if (publisher) {
      change?.(files);
      const built = JSON.parse(files.get(INVENTORY)!.toString()) as Required<Terms>;
      const inventory = inventoryOf(files, {
        product: built.product,
        sequence: built.sequence,
        expires: built.expires,
        keyId: publisher.keyId,
        ...terms,
      });
      files.set(INVENTORY, inventory);
      files.set(`${INVENTORY}.sig`, Buffer.from(await publisher.sign(inventory)));
    }
    for (const [file, body] of files) this.files.set(`releases/${name}/${file}`, body);
    return `${CONFIGURED_REMOTE_ORIGIN}/releases/${name}/`;
  }

  /** `<channel>/mf-manifest.json`, naming `release`. */
  setChannel(channel: string, release: string): void {
    const manifest = JSON.parse(this.files.get(`releases/${release}/mf-manifest.json`)!.toString());
    this.files.set(
      `${channel}/mf-manifest.json`,
      Buffer.from(JSON.stringify(channelManifest(manifest, `${CONFIGURED_REMOTE_ORIGIN}/releases/${release}/`))),
    );
  }

  change(file: string, edit: (body: string) => string): void {
    this.files.set(file, Buffer.from(edit(this.files.get(file)!.toString())));
  }

  /** The first file under `dir` whose name matches. */
  find(dir: string, name: RegExp): string {
    const found = [...this.files.keys()].find((file) => file.startsWith(dir) && name.test(file.slice(dir.length)));
    if (!found) throw new Error(`no file matching ${name} under ${dir}`);
    return found;
  }

  async route(context: BrowserContext): Promise<void> {
    await context.route(`${CONFIGURED_REMOTE_ORIGIN}/**`, async (route) => {
      const file = new URL(route.request().url()).pathname.slice(1);
      this.asked.push(file);
      const body = this.files.get(file);
      if (this.latencyMs) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
      const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.json') ? 'application/json' : 'text/plain';
      await route.fulfill({
        status: body ? 200 : 404,
        headers: {
          'Access-Control-Allow-Origin': '*',
          'Cross-Origin-Resource-Policy': 'cross-origin',
          'Content-Type': type,
          'Cache-Control': 'no-cache',
        },
        body: body ?? 'not found',
      });
    });
  }
}

const PAGES = path.join(ROOT, 'tests/e2e/hosts/pinned');
const HOST_KIT = path.join(ROOT, 'packages/host-kit/src');

/** A TypeScript module as a browser runs it: its types stripped. */
function stripTypes(file: string): string {
  return ts.transpileModule(readFileSync(file, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
}

/**
 * Serves `hosts/pinned/<file>` at `<host>/pinned/`: pages through `fill`, the TypeScript modules they
 * import with their types stripped, the host kit's modules (`vendor/host-kit/`, from its sources, types
 * stripped: what its build writes) and the federation runtime's ESM files.
 */
export async function routePinnedPages(
  context: BrowserContext,
  host: string,
  fill: (html: string) => string = (html) => html,
): Promise<void> {
  await context.route(`${host}/pinned/**`, async (route) => {
    const name = new URL(route.request().url()).pathname.slice('/pinned/'.length);
    const vendor = /^vendor\/([^/]+)\/(.+)$/.exec(name);
    if (vendor?.[1] === 'host-kit') {
      const file = path.join(HOST_KIT, path.normalize(vendor[2]).replace(/\.js$/, '.ts'));
      if (!file.startsWith(HOST_KIT) || !existsSync(file)) return route.fulfill({ status: 404, body: 'not found' });
      return route.fulfill({ contentType: 'text/javascript', body: stripTypes(file) });
    }
    if (vendor) {
      const file = path.join(ROOT, 'node_modules/@module-federation', vendor[1], 'dist', vendor[2]);
      return route.fulfill({ contentType: 'text/javascript', body: readFileSync(file) });
    }
    const file = path.join(PAGES, path.normalize(name));
    if (existsSync(`${file}.ts`)) return route.fulfill({ contentType: 'text/javascript', body: stripTypes(`${file}.ts`) });
    if (!file.startsWith(PAGES) || !existsSync(file)) return route.fulfill({ status: 404, body: 'not found' });
    return route.fulfill({ contentType: name.endsWith('.html') ? 'text/html' : 'text/javascript', body: fill(readFileSync(file, 'utf8')) });
  });
}
