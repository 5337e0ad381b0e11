// The Vite host of ./vite, with the remote registered at runtime (src/bootstrap.js) instead of
// declared here: the plugin shares `react` and `react-dom`, and bounds the remote's requests.
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
      runtimePlugins: [createRequire(import.meta.url).resolve('@checkout/host-kit/remoteTimeout')], // a remote that never answers fails in 5 s
      dts: false,
    }),
  ],
  build: { target: 'chrome89' },
});
