// React Router's own Vite plugin, as its templates have it: no federation plugin, the page loads the
// remote with the federation runtime alone, in the browser (app/checkoutFederation.client.js).
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({ plugins: [reactRouter()] });
