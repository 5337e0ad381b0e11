// Next's defaults: `next build` with Turbopack, `next start`. Nothing here is about federation:
// Next's bundler has no federation plugin, the page loads the remote with the runtime alone. The
// server half runs as installed (its database engine loads files of its own), not bundled.
/** @type {import('next').NextConfig} */
module.exports = {
  poweredByHeader: false,
  serverExternalPackages: ['@checkout/server'],
};
