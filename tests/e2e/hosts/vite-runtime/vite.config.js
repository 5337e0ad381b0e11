// The Vite host of ./vite, with the remote registered at runtime (src/bootstrap.js) instead of
// declared here: the plugin only shares `react` and `react-dom`.
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
      dts: false,
    }),
  ],
  build: { target: 'chrome89' },
});
