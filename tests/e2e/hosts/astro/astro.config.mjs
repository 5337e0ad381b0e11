// Server output with the Node adapter (`astro build`, then `node dist/server/entry.mjs`): the
// checkout routes are endpoints, which static output cannot answer. Astro 5.14+ builds
// `request.url` from allowedDomains only: without an entry for the host the page is reached by,
// the URL loses its port and Astro's origin check refuses the fallback form's post (403).
import node from '@astrojs/node';
import { defineConfig } from 'astro/config';

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  security: {
    allowedDomains: [
      { protocol: 'http', hostname: '127.0.0.1' },
      { protocol: 'http', hostname: 'localhost' },
    ],
  },
});
