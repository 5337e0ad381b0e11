import { NormalModuleReplacementPlugin, type RuleSetRule } from 'webpack';

/**
 * `./mount` serves pages with no React (or another major): it must bring the remote's own React,
 * unshared, and only where it is loaded. Its module graph lives in this webpack layer, where
 * `react` and `react-dom` requests are pointed at files before the federation plugin sees them,
 * so they are bundled into the mount's chunks instead of consumed from the host's share scope.
 */
export const STANDALONE_LAYER = 'standalone';

export const standaloneLayerRule: RuleSetRule = { test: /[\\/]src[\\/]mount\.tsx$/, layer: STANDALONE_LAYER };

const REACT_REQUEST = /^(react|react-dom|scheduler)(\/.*)?$/;

export const standaloneReact = new NormalModuleReplacementPlugin(REACT_REQUEST, (resolveData) => {
  if (resolveData.contextInfo.issuerLayer !== STANDALONE_LAYER) return;
  // A resolved path is not a share key: the federation plugin leaves it alone.
  resolveData.request = require.resolve(resolveData.request, { paths: [resolveData.context] });
});
