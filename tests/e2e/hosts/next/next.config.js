// Next's defaults: `next build` with Turbopack, `next start`. Nothing here is about federation:
// Next's bundler has no federation plugin, the page loads the remote with the runtime alone. The
// server half runs as installed (its database engine loads files of its own), not bundled.
/** @type {import('next').NextConfig} */
module.exports = {
  poweredByHeader: false,
  serverExternalPackages: ['@checkout/server'],
  // The remote's publisher key the page trusts (its public half), a build setting handed to the page
  // (Next quotes the string; `next start` reads this file too, without it).
  compiler: { define: { __CHECKOUT_PUBLISHER_KEY__: process.env.CHECKOUT_PUBLISHER_KEY ?? '' } },
};
