import { NormalModuleReplacementPlugin, type RuleSetRule } from 'webpack';

/**
 * `./mount` and `<checkout-button>` serve pages with no React (or another major): they bring the
 * remote's own renderer, unshared, and only where they are loaded. Their module graph lives in this
 * webpack layer, where React requests are pointed at preact/compat before the federation plugin sees
 * them: not share keys, so they are bundled into these chunks instead of consumed from a host's share
 * scope. preact/compat runs the button unchanged for about a sixth of React 19's bytes (docs/element.md).
 * The federated `./CheckoutButton` is outside this layer and keeps taking the host's React.
 */
export const STANDALONE_LAYER = 'standalone';

/** The entry modules of the layer: everything they import (the button included) inherits it. */
export const standaloneLayerRule: RuleSetRule = {
  test: /[\\/]src[\\/](exposes[\\/]mount\.tsx|entries[\\/]elementEntry\.ts)$/,
  layer: STANDALONE_LAYER,
};

/** What each React entry point becomes in the layer (`preact/compat/*` installs compat's hooks first). */
export const PREACT_FOR_REACT: Readonly<Record<string, string>> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

const REACT_REQUEST = /^(react|react-dom|scheduler)(\/.*)?$/;

export const standaloneReact = new NormalModuleReplacementPlugin(REACT_REQUEST, (resolveData) => {
  if (resolveData.contextInfo.issuerLayer !== STANDALONE_LAYER) return;
  const preact = PREACT_FOR_REACT[resolveData.request];
  if (!preact)
    throw new Error(`${resolveData.request} has no preact/compat counterpart in the standalone layer (webpack/standaloneReact.ts)`);
  resolveData.request = preact;
});
