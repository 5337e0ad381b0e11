// A Vite host as in module-federation/vite's examples/vite-webpack-rspack/host: a webpack remote
// declared by its remoteEntry.js (type 'var'), `react` and `react-dom` shared as singletons; plus
// recipe 1's two settings for a remote that may be down (without them the page waits for it).
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
        checkout: { name: 'checkout', entry: 'http://localhost:3001/remoteEntry.js', type: 'var' },
      },
      shared: {
        react: { singleton: true },
        'react-dom': { singleton: true },
      },
      shareStrategy: 'loaded-first', // the default, version-first, fetches every remote before the page starts
      runtimePlugins: [createRequire(import.meta.url).resolve('@checkout/host-kit/remoteTimeout')], // a remote that never answers fails in 5 s
      dts: false,
    }),
  ],
  build: { target: 'chrome89' },
});
