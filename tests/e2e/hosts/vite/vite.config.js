// A Vite host as in module-federation/vite's examples/vite-webpack-rspack/host: a webpack remote
// declared by its remoteEntry.js (type 'var'), `react` and `react-dom` shared as singletons.
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
      dts: false,
    }),
  ],
  build: { target: 'chrome89' },
});
