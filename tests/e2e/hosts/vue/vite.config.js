// A Vue 3 page built by Vite with Vue's own plugin: no federation plugin, the federation runtime
// alone loads `./mount` (src/checkout.js).
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [vue()],
  // The remote's publisher key the page trusts (its public half), a build setting handed to the page.
  define: { __CHECKOUT_PUBLISHER_KEY__: JSON.stringify(process.env.CHECKOUT_PUBLISHER_KEY) },
});
