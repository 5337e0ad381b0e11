// The hosts of the e2e host matrix, each a fixture in tests/e2e/hosts/<fixture> built by its own tool
// inside one of the lockfile installs (tests/e2e/hosts/<tools>/), or served as files.

export type BuildTool =
  'rspack' | 'rsbuild' | 'vite' | 'webpack' | 'next' | 'react-router' | 'sveltekit' | 'angular' | 'astro' | 'hono' | 'none';
/** A lockfile folder under tests/e2e/hosts: the tools and the React one set of hosts build with. */
export type ToolSet = 'react18' | 'react19' | 'next16' | 'router8' | 'sveltekit2' | 'angular22' | 'astro7' | 'hono4';
export type ReactLine = '18' | '19';

export interface MatrixHost {
  id: string;
  /** Its sources: tests/e2e/hosts/<fixture>. */
  fixture: string;
  tool: BuildTool;
  /** The lockfile install it builds in; null: files served as they are. */
  tools: ToolSet | null;
  /** The host's own React line; null: the page has none and uses `./mount` or the element. */
  react: ReactLine | null;
  /** How it names the remote: in its build config, or at runtime from the page's ?remote=. */
  remote: 'static' | 'runtime';
  /** The file of the remote it asks for first (a runtime host gets it in ?remote=). */
  entry: 'mf-manifest.json' | 'remoteEntry.js' | 'checkout-button.js';
  /** Installed packages whose versions the report names, besides React. */
  packages: string[];
  /**
   * 'framework': the server half runs inside the host's own server (route handlers, endpoints,
   * resource routes) from the installed @checkout/server, against a Stripe API stand-in of its own
   * that delivers webhooks to it; nothing answers in front of it. 'offline': the same, against
   * `npm run stripe:offline` (serve/stripeOffline.ts), whose hosted page delivers the webhooks. Otherwise
   * the matrix server's routes answer beside the host's files.
   */
  server?: 'framework' | 'offline';
  /** It runs only a release its publisher signed (the host kit's verifier): it also reads the release's inventory and signature. */
  verified?: true;
}

const RSPACK = ['@rspack/core', '@rspack/cli', '@module-federation/enhanced'];
const VITE = ['vite', '@module-federation/vite', '@vitejs/plugin-react'];
const RSBUILD = ['@rsbuild/core', '@module-federation/rsbuild-plugin'];

// Every host shows a form that pays (`form.checkout-fallback`) until the button is there, and for
// good when the remote is down: the element's children, ./mount's target, the React slots.
const host = (h: MatrixHost): MatrixHost => h;

export const MATRIX: MatrixHost[] = [
  host({
    id: 'rspack-react18',
    fixture: 'rspack',
    tool: 'rspack',
    tools: 'react18',
    react: '18',
    remote: 'static',
    entry: 'mf-manifest.json',
    packages: RSPACK,
    verified: true,
  }),
  host({
    id: 'rspack-runtime-react19',
    fixture: 'rspack-runtime',
    tool: 'rspack',
    tools: 'react19',
    react: '19',
    remote: 'runtime',
    entry: 'mf-manifest.json',
    packages: RSPACK,
    verified: true,
  }),
  host({
    id: 'rsbuild-react18',
    fixture: 'rsbuild',
    tool: 'rsbuild',
    tools: 'react18',
    react: '18',
    remote: 'static',
    entry: 'mf-manifest.json',
    packages: RSBUILD,
    verified: true,
  }),
  host({
    id: 'vite-react18',
    fixture: 'vite',
    tool: 'vite',
    tools: 'react18',
    react: '18',
    remote: 'static',
    entry: 'mf-manifest.json',
    packages: VITE,
    verified: true,
  }),
  host({
    id: 'vite-runtime-react19',
    fixture: 'vite-runtime',
    tool: 'vite',
    tools: 'react19',
    react: '19',
    remote: 'runtime',
    entry: 'mf-manifest.json',
    packages: VITE,
    verified: true,
  }),
  host({
    id: 'webpack-react18',
    fixture: 'webpack',
    tool: 'webpack',
    tools: 'react18',
    react: '18',
    remote: 'static',
    entry: 'remoteEntry.js',
    packages: ['webpack'],
  }),
  host({
    id: 'webpack-runtime-react19',
    fixture: 'webpack-runtime',
    tool: 'webpack',
    tools: 'react19',
    react: '19',
    remote: 'runtime',
    entry: 'remoteEntry.js',
    packages: ['webpack'],
  }),
  host({
    id: 'webpack-enhanced-react18',
    fixture: 'webpack-enhanced',
    tool: 'webpack',
    tools: 'react18',
    react: '18',
    remote: 'static',
    entry: 'mf-manifest.json',
    packages: ['webpack', '@module-federation/enhanced'],
    verified: true,
  }),
  host({
    id: 'next-react19',
    fixture: 'next',
    tool: 'next',
    tools: 'next16',
    react: '19',
    remote: 'static',
    entry: 'mf-manifest.json',
    packages: ['next', '@module-federation/runtime'],
    server: 'framework',
    verified: true,
  }),
  host({
    id: 'react-router-react19',
    fixture: 'react-router',
    tool: 'react-router',
    tools: 'router8',
    react: '19',
    remote: 'static',
    entry: 'mf-manifest.json',
    packages: ['react-router', '@react-router/dev', 'vite', '@module-federation/runtime'],
    server: 'framework',
    verified: true,
  }),
  host({
    id: 'sveltekit',
    fixture: 'sveltekit',
    tool: 'sveltekit',
    tools: 'sveltekit2',
    react: null,
    remote: 'static',
    entry: 'checkout-button.js',
    packages: ['@sveltejs/kit', '@sveltejs/adapter-node', 'svelte', 'vite'],
    server: 'framework',
  }),
  host({
    id: 'astro',
    fixture: 'astro',
    tool: 'astro',
    tools: 'astro7',
    react: null,
    remote: 'static',
    entry: 'checkout-button.js',
    packages: ['astro', '@astrojs/node'],
    server: 'offline',
  }),
  host({
    id: 'hono',
    fixture: 'hono',
    tool: 'hono',
    tools: 'hono4',
    react: null,
    remote: 'static',
    entry: 'checkout-button.js',
    packages: ['hono', '@hono/node-server'],
    server: 'offline',
  }),
  host({
    id: 'angular',
    fixture: 'angular',
    tool: 'angular',
    tools: 'angular22',
    react: null,
    remote: 'static',
    entry: 'checkout-button.js',
    packages: ['@angular/core', '@angular/build'],
  }),
  host({
    id: 'plain',
    fixture: 'plain',
    tool: 'none',
    tools: null,
    react: null,
    remote: 'runtime',
    entry: 'mf-manifest.json',
    packages: [],
  }),
  host({
    id: 'vue',
    fixture: 'vue',
    tool: 'vite',
    tools: 'react19',
    react: null,
    remote: 'static',
    entry: 'mf-manifest.json',
    packages: ['vue', 'vite', '@module-federation/runtime'],
    verified: true,
  }),
  host({
    id: 'element',
    fixture: 'element',
    tool: 'none',
    tools: null,
    react: null,
    remote: 'static',
    entry: 'checkout-button.js',
    packages: [],
  }),
];
