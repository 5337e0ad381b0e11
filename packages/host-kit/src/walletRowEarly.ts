// On a page that started a wallet session (walletSession.ts) the button shows wallets mode's row,
// whose code is a chunk of its own the button asks for as it first renders: on a phone, after
// Stripe.js is ready, so the wallets waited for it. Here that chunk joins the button's own files
// when the runtime preloads them: it runs as they do (after the page's `load`, under the release's
// integrity where the release is verified), and the button's loader finds it installed. Found by
// its name (`wallets.<hash>.js`, webpack/walletRowChunk.ts): a remote that names it otherwise, or a
// runtime that shows no snapshot first, only loses the head start, never the row.
import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import { fileOf, laterFiles } from './manifestAssets.js';
import { isRemote } from './isRemote.js';

/** The expose whose files the row's chunk joins. */
const EXPOSE = 'CheckoutButton';
const ROW_CHUNK = /^wallets\.[^/]*\.js$/;

let wanted = false;

/** The page shows wallets mode: the row's chunk comes with the button's files. */
export function wantWalletRow(): void {
  wanted = true;
}

const forButton = (exposes: readonly string[] | undefined) => exposes?.some((expose) => expose.replace(/^\.\//, '') === EXPOSE) ?? false;

/** `plugin`, and on a page that wants the row, its chunk preloaded with `remote`'s button. */
export function walletRowEarly(plugin: ModuleFederationRuntimePlugin, remote: string): ModuleFederationRuntimePlugin {
  // The remote's chunks asked for only when needed (its snapshot's): of these, only the row's comes early.
  let later = new Set<string>();
  // What the page's request may call the remote (the runtime's preload op names it so): its name or
  // its alias, as its snapshot said; a bundler's own name for it (isRemote.ts) included.
  let called = new Set<string>();
  return {
    ...plugin,
    afterLoadSnapshot({ moduleInfo, remoteSnapshot }) {
      if (!isRemote(moduleInfo, remote)) return;
      called = new Set([moduleInfo.name, moduleInfo.alias].filter((name): name is string => !!name));
      later = laterFiles(remoteSnapshot && 'modules' in remoteSnapshot ? remoteSnapshot.modules : undefined);
    },
    // The runtime's own preload of the button's files (`sync`) as it loads it: it reads the op back after this hook.
    beforePreloadRemote({ preloadOps }) {
      // Without the remote's snapshot the later chunks are unknown: the op stays the runtime's own.
      if (!wanted || later.size === 0) return;
      for (const op of preloadOps) {
        if (!called.has(op.nameOrAlias) || op.resourceCategory === 'all' || !forButton(op.exposes)) continue;
        const { filter } = op;
        op.resourceCategory = 'all';
        op.filter = (url) => (!later.has(fileOf(url)) || ROW_CHUNK.test(fileOf(url))) && (filter?.(url) ?? true);
      }
    },
  };
}
