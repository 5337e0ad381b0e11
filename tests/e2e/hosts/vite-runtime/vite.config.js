// The Vite host of ./vite, with the remote registered at runtime (src/bootstrap.js) instead of
// declared here: the plugin shares `react` and `react-dom`, and runs only a release its publisher signed.
import { createRequire } from 'node:module';
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    react(),
    federation({
      name: 'vite_runtime_host',
      remotes: {},
      shared: {
        react: { singleton: true },
        'react-dom': { singleton: true },
      },
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
