// SvelteKit's own Vite plugin, as its template has it: no federation plugin, the page uses the
// remote's one tag, <checkout-button> (src/app.html).
import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vite';

export default defineConfig({ plugins: [sveltekit()] });
