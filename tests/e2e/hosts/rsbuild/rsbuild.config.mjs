// An Rsbuild host as module-federation.io shows it (the Rsbuild plugin, `react` and `react-dom`
// shared, the remote declared by its manifest), plus the two settings a remote that may be down
// needs: without them a stopped remote leaves the page blank with an uncaught RUNTIME-003.
import { createRequire } from 'node:module';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'rsbuild_host',
      remotes: { checkout: 'checkout@http://localhost:3001/mf-manifest.json' },
      shared: ['react', 'react-dom'],
      shareStrategy: 'loaded-first', // the default, version-first, fetches every remote before the page starts
      // Only a release its publisher signed runs (your pinned key; a remote that never answers fails in 5 s):
      runtimePlugins: [
        [
          createRequire(import.meta.url).resolve('@checkout/host-kit/verifiedRelease'),
          { trust: { publisherKey: process.env.CHECKOUT_PUBLISHER_KEY }, reportUrl: '/monitoring/refused-script' },
        ],
      ],
      // Unverified, whatever the remote's origin serves runs: [createRequire(import.meta.url).resolve('@checkout/host-kit/remoteTimeout')]
      dts: false,
    }),
  ],
  html: { template: '../app/index.html' },
});
