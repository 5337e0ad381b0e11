// The wallet row's chunk joins the runtime's preload of the button's files on a page that started a
// wallet session, and only there (the browser half: tests/e2e/wallets.e2e.ts).
import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';

type Op = { nameOrAlias: string; exposes?: string[]; resourceCategory?: 'all' | 'sync'; filter?: (url: string) => boolean };
type Hooks = {
  afterLoadSnapshot: (args: object) => unknown;
  beforePreloadRemote: (args: { preloadOps: Op[] }) => unknown;
};

const RELEASE = 'https://cdn.example/checkout/releases/0.1.0/';
const BUTTON = {
  sync: ['545.a.js', '__federation_expose_CheckoutButton.b.js'],
  async: ['745.c.js', 'refusal.d.js', 'wallets.e.js', '146.f.js'],
};
// The `mount` expose has a row chunk of its own (another React), and shares some of the button's.
const MOUNT = { sync: ['278.g.js', '__federation_expose_mount.h.js'], async: ['refusal.d.js', 'wallets.i.js', '545.a.js'] };
const snapshot = {
  moduleInfo: { name: 'checkout' },
  remoteSnapshot: {
    modules: [
      { moduleName: 'CheckoutButton', assets: { js: BUTTON, css: { sync: [], async: [] } } },
      { moduleName: 'mount', assets: { js: MOUNT, css: { sync: [], async: [] } } },
    ],
  },
};
/** What the runtime's snapshot plugin asks to preload as it loads `checkout/CheckoutButton`. */
const runtimeOp = (): Op => ({ nameOrAlias: 'checkout', exposes: ['./CheckoutButton'], resourceCategory: 'sync' });

/** The files the runtime then preloads for the op (as runtime-core's generatePreloadAssets picks them). */
function preloaded(op: Op, files = BUTTON): string[] {
  const urls = (op.resourceCategory === 'all' ? [...files.async, ...files.sync] : files.sync).map((file) => RELEASE + file);
  return (op.filter ? urls.filter(op.filter) : urls).map((url) => url.slice(RELEASE.length));
}

/** A fresh kit (the page's wish is the module's state), its plugin's hooks after the remote's snapshot (or before). */
function freshKit({ snapshotSeen = true } = {}) {
  let kit!: typeof import('@checkout/host-kit') & typeof import('@checkout/host-kit/walletRowEarly');
  jest.isolateModules(() => {
    kit = { ...jest.requireActual('@checkout/host-kit'), ...jest.requireActual('@checkout/host-kit/walletRowEarly') };
  });
  const hooks = kit.remoteTimeouts({ remote: 'checkout' }) as ModuleFederationRuntimePlugin & Hooks;
  if (snapshotSeen) hooks.afterLoadSnapshot(snapshot);
  return { kit, hooks };
}

describe("the wallet row's chunk, early", () => {
  it('a page that started no wallet session: the preload is the runtime’s own', () => {
    const { hooks } = freshKit();
    const op = runtimeOp();
    hooks.beforePreloadRemote({ preloadOps: [op] });
    expect(op).toEqual(runtimeOp());
    expect(preloaded(op)).toEqual(BUTTON.sync);
  });

  it("startWalletSession: the button's files and its own row chunk, none of the chunks it asks for later", () => {
    const { kit, hooks } = freshKit();
    const fetch = jest.fn().mockResolvedValue({ ok: true });
    Object.assign(globalThis, { fetch });
    kit.startWalletSession({ sessionEndpoint: '/api/checkout-sessions', sessionBody: { productId: 'p' } });
    expect(fetch).toHaveBeenCalledTimes(1);
    const op = runtimeOp();
    hooks.beforePreloadRemote({ preloadOps: [op] });
    expect(preloaded(op)).toEqual(['wallets.e.js', ...BUTTON.sync]);
  });

  it("before the remote's snapshot (which files come later is unknown): the preload is the runtime's own", () => {
    const { kit, hooks } = freshKit({ snapshotSeen: false });
    kit.wantWalletRow();
    const op = runtimeOp();
    hooks.beforePreloadRemote({ preloadOps: [op] });
    expect(op).toEqual(runtimeOp());
  });

  it("another remote's, another expose's or a preload of everything already: left as they are", () => {
    const { kit, hooks } = freshKit();
    kit.wantWalletRow();
    const others: Op[] = [
      { nameOrAlias: 'other', exposes: ['./CheckoutButton'], resourceCategory: 'sync' },
      { nameOrAlias: 'checkout', exposes: ['./mount'], resourceCategory: 'sync' },
      { nameOrAlias: 'checkout', exposes: ['CheckoutButton'], resourceCategory: 'all' },
    ];
    const before = others.map((op) => ({ ...op }));
    hooks.beforePreloadRemote({ preloadOps: others });
    expect(others).toEqual(before);
  });

  it("a remote the host's bundler registered under a name of its own, the configured one its alias (Vite's plugin)", () => {
    const { kit, hooks } = freshKit({ snapshotSeen: false });
    kit.wantWalletRow();
    const vite = '__mfe_internal__vite_host__mf_owner__0a1b__checkout';
    hooks.afterLoadSnapshot({ ...snapshot, moduleInfo: { name: vite, alias: 'checkout' } });
    const op = { ...runtimeOp(), nameOrAlias: vite };
    hooks.beforePreloadRemote({ preloadOps: [op] });
    expect(preloaded(op)).toEqual(['wallets.e.js', ...BUTTON.sync]);
  });

  it('keeps a filter the op had: a file it refused stays refused', () => {
    const { kit, hooks } = freshKit();
    kit.wantWalletRow();
    const op = { ...runtimeOp(), filter: (url: string) => !url.includes('545') };
    hooks.beforePreloadRemote({ preloadOps: [op] });
    expect(preloaded(op)).toEqual(['wallets.e.js', '__federation_expose_CheckoutButton.b.js']);
  });

  it('the verified plugin and the build-time one carry it too', () => {
    const { kit } = freshKit();
    kit.wantWalletRow();
    const verified = kit.checkoutPlugin({
      timeoutMs: 5_000,
      verify: { trust: { inventoryIntegrity: 'sha384-x' }, report: () => {} },
    }) as ModuleFederationRuntimePlugin & Hooks;
    let buildTime!: Hooks;
    jest.isolateModules(() => {
      jest.requireActual<typeof import('@checkout/host-kit/walletRowEarly')>('@checkout/host-kit/walletRowEarly').wantWalletRow();
      const { default: plugin } = jest.requireActual<typeof import('@checkout/host-kit/verifiedRelease')>(
        '@checkout/host-kit/verifiedRelease',
      );
      buildTime = plugin({ trust: { inventoryIntegrity: 'sha384-x' } }) as unknown as Hooks;
    });
    for (const hooks of [verified, buildTime]) {
      hooks.afterLoadSnapshot(snapshot);
      const op = runtimeOp();
      hooks.beforePreloadRemote({ preloadOps: [op] });
      expect(preloaded(op)).toEqual(['wallets.e.js', ...BUTTON.sync]);
    }
  });
});
