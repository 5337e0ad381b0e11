// A Vite host as in module-federation/vite's examples/vite-webpack-rspack/host: a webpack remote,
// `react` and `react-dom` shared as singletons; the remote declared by its manifest (where the
// release is verified) rather than the example's remoteEntry.js; plus the two settings a remote that
// may be down needs (without them the page waits for it).
import { createRequire } from 'node:module';
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    react(),
    federation({
      name: 'vite_host',
      remotes: {
        checkout: { name: 'checkout', entry: 'http://localhost:3001/mf-manifest.json' },
      },
      shared: {
        react: { singleton: true },
        'react-dom': { singleton: true },
      },
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
  build: { target: 'chrome89' },
});
