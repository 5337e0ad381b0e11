// React Router's own Vite plugin, as its templates have it: no federation plugin, the page loads the
// remote with the federation runtime alone, in the browser (app/checkoutFederation.client.js). The
// server build's entry is server/app.js (the custom-server template's), so the Express handler and
// the routes share one module graph, and one copy of the context's keys.
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  environments: { ssr: { build: { rollupOptions: { input: './server/app.js' } } } },
  plugins: [reactRouter()],
  // The remote's publisher key the page trusts (its public half), a build setting handed to the page.
  define: { __CHECKOUT_PUBLISHER_KEY__: JSON.stringify(process.env.CHECKOUT_PUBLISHER_KEY) },
});
