/** @jest-environment node */
// @checkout/server as a host installs it: its tarball (`npm pack --workspace packages/server`) holds
// compiled JavaScript with declarations for every entry of its `exports`, every package its code
// requires is in its `dependencies` (stripe, the host's own, in `peerDependencies`), it states its release, it ships the
// embedded database's prepared cluster, and its standalone server starts with plain `node` (no
// ts-node) and creates a session against the Stripe API stand-in.
import { spawn } from 'node:child_process';
import { builtinModules } from 'node:module';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { PREPARED_CLUSTER_FILE } from '../../server/db/preparedCluster';
import { packWorkspace } from '../support/packedWorkspace';
import { startStripeApiStandIn, type StripeApiStandIn } from '../../stand-ins/stripeApi';

const ROOT = path.resolve(__dirname, '../..');
let dir: string;
let pkg: {
  name: string;
  version: string;
  exports: Record<string, string | { types: string; default: string }>;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
};
let standIn: StripeApiStandIn;

beforeAll(async () => {
  ({ dir } = await packWorkspace('server'));
  pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  standIn = await startStripeApiStandIn();
}, 300_000);
afterAll(() => standIn?.close());

/** Node with the repository's node_modules standing in for what npm would install beside the package. */
const nodeEnv = { ...process.env, NODE_PATH: path.join(ROOT, 'node_modules') };

const files = (at: string): string[] =>
  readdirSync(at).flatMap((name) => (statSync(path.join(at, name)).isDirectory() ? files(path.join(at, name)) : [path.join(at, name)]));

describe('@checkout/server, packed', () => {
  it('has JavaScript and declarations for ., ./node, ./express and ./fastify, and no TypeScript sources', () => {
    for (const entry of ['.', './node', './express', './fastify']) {
      const target = pkg.exports[entry] as { types: string; default: string };
      expect(existsSync(path.join(dir, target.default))).toBe(true);
      expect(existsSync(path.join(dir, target.types))).toBe(true);
    }
    expect(files(dir).filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))).toEqual([]);
  });

  it('lists every package its code requires: pg, PGlite, the adapter library, proxy-addr as dependencies, stripe as a peer', () => {
    const required = new Set<string>();
    for (const file of files(dir).filter((f) => f.endsWith('.js'))) {
      for (const [, name] of readFileSync(file, 'utf8').matchAll(/require\("([^".][^"]*)"\)/g)) {
        const bare = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
        if (!bare.startsWith('node:') && !builtinModules.includes(bare)) required.add(bare);
      }
    }
    expect([...required].sort()).toEqual([...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)].sort());
    expect(Object.keys(pkg.dependencies)).toEqual(
      expect.arrayContaining(['pg', '@electric-sql/pglite', '@remix-run/node-fetch-server', 'proxy-addr']),
    );
    // The host's own stripe, whichever 23.x it has: no second copy beside it.
    expect(pkg.peerDependencies).toEqual({ stripe: '^23.1.0' });
  });

  it('states its release: the name, the version, the commit it was built from', () => {
    const script = `const { serverRelease } = require(${JSON.stringify(path.join(dir, 'dist/server/index.js'))}); console.log(JSON.stringify(serverRelease))`;
    const release = JSON.parse(execFileSync(process.execPath, ['-e', script], { env: nodeEnv, encoding: 'utf8' })) as Record<
      string,
      string
    >;
    expect(release).toMatchObject({
      name: '@checkout/server',
      version: pkg.version,
      commit: expect.stringMatching(/^[0-9a-f]{40}(-dirty)?$/),
    });
    expect(new Date(release.builtAt).getTime()).toBeGreaterThan(0);
  });

  it("ships the embedded database's prepared cluster: a first start finds it beside the code, no initdb", () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'no-cache-'));
    try {
      const module = JSON.stringify(path.join(dir, 'dist/server/db/preparedCluster.js'));
      const found = execFileSync(
        process.execPath,
        ['-e', `require(${module}).preparedClusterFile().then((file) => process.stdout.write(file))`],
        {
          env: { ...nodeEnv, CHECKOUT_CACHE_DIR: empty, TMPDIR: empty },
        },
      ).toString();
      expect(found).toBe(path.join(dir, 'dist/server/db', PREPARED_CLUSTER_FILE));
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  }, 120_000);

  it('its standalone server starts with plain node and creates a session', async () => {
    const child = spawn(process.execPath, [path.join(dir, 'dist/server/main.js')], {
      env: {
        ...nodeEnv,
        STRIPE_SECRET_KEY: 'sk_test_package',
        STRIPE_API_URL: standIn.url,
        DATABASE_URL: 'memory://',
        EXIT_WITH_STDIN: '1',
        PORT: '0',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()).includes('\n') && resolve(out.split('\n')[0]));
        child.once('exit', (code) => reject(new Error(`exited ${code}`)));
      });
      const { url, release } = JSON.parse(line) as { url: string; release: { name: string } };
      expect(release.name).toBe('@checkout/server');
      const created = await fetch(`${url}/api/checkout-sessions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'package-key-0001' },
        body: JSON.stringify({ productId: 'coffee-beans-1kg', mode: 'redirect' }),
      });
      expect(created.status).toBe(200);
      expect(await created.json()).toEqual({ url: expect.stringContaining('checkout.stripe.com') });
    } finally {
      child.kill('SIGTERM');
    }
  }, 60_000);
});
