// The Vite host of ./vite, with the remote registered at runtime (src/bootstrap.js) instead of
// declared here: the plugin shares `react` and `react-dom`, and bounds the remote's requests.
import { fileURLToPath } from 'node:url';
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
      runtimePlugins: [fileURLToPath(new URL('./remoteTimeout.js', import.meta.url))], // a remote that never answers fails in 5 s
      dts: false,
    }),
  ],
  build: { target: 'chrome89' },
});
